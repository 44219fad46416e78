import path from 'node:path';
import type { SQLExecutor } from '@netlify/database-dev';
import { applyMigrations } from '@netlify/database-dev';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Local mode only: applies the migrations, then the demo data of scripts/demo-data/, each
 * file once per database (tracked with the migrations), so a local site shows real lists.
 */
export async function prepareLocalDatabase(db: SQLExecutor): Promise<void> {
  const migrations = await applyMigrations(db, path.join(root, 'netlify/database/migrations'));
  const demo = await applyMigrations(db, path.join(root, 'scripts/demo-data'));
  const applied = [...migrations, ...demo];
  if (applied.length > 0) console.log(`Database: applied ${applied.join(', ')}`);
}
