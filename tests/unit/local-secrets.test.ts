import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { config } from '../../src/server/config.ts';

// Local mode generates its keys into .data/ on first use. A fresh clone starts the server and the
// test workers at once: all of them must end up with the one key on disk, or what one sealed
// another cannot open.
const cwd = process.cwd();
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'local-secrets-'));
  process.chdir(dir);
  process.env.APP_MODE = 'local';
  delete process.env.DENUNCIAS_ENCRYPTION_KEY;
  delete process.env.JWT_SECRET;
});

afterEach(async () => {
  process.chdir(cwd);
  await rm(dir, { recursive: true, force: true });
});

test('first uses at once of the denuncias key all get the key written in .data/', async () => {
  const keys = await Promise.all(Array.from({ length: 8 }, () => config.denunciasKey()));
  const stored = Buffer.from(await readFile(path.join(dir, '.data/denuncias-key'), 'utf8'), 'base64');
  expect(stored.byteLength).toBe(32);
  for (const key of keys) expect(key.equals(stored)).toBe(true);
});

test('first uses at once of the sign-in secret all get the secret written in .data/', async () => {
  const secrets = await Promise.all(Array.from({ length: 8 }, () => config.authSecret()));
  const stored = await readFile(path.join(dir, '.data/jwt-secret'), 'utf8');
  expect(new Set(secrets)).toEqual(new Set([stored]));
});
