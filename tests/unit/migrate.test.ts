import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { NetlifyDB } from '@netlify/database-dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../scripts/migrate.ts');

describe('npm run db:migrate', () => {
  let server: NetlifyDB;
  let url: string;
  beforeAll(async () => {
    server = new NetlifyDB({ logger: () => undefined });
    url = await server.start();
  });
  afterAll(() => server.stop());

  it('applies every migration once, then reports the database up to date', async () => {
    const env = { ...process.env, NETLIFY_DB_URL: url };
    const first = await run(process.execPath, [script], { env });
    expect(first.stdout).toContain('Applied: 0001_outbox, 0002_contact_messages');
    const { rows } = await server.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['contact_messages', 'outbox']));

    const second = await run(process.execPath, [script], { env });
    expect(second.stdout).toContain('The database is up to date.');
  });

  it('refuses to run without NETLIFY_DB_URL', async () => {
    const { NETLIFY_DB_URL: _, ...env } = process.env;
    await expect(run(process.execPath, [script], { env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('NETLIFY_DB_URL is not set'),
    });
  });
});
