/**
 * Before `npm run dev`: applies the migrations to the embedded database that Netlify's Vite
 * plugin opens (.netlify/db), which the plugin itself leaves unmigrated. `npm start` migrates
 * the same database on its own.
 */
import path from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';

const root = path.resolve(import.meta.dirname, '..');
const db = new NetlifyDB({ directory: path.join(root, '.netlify/db') });
await db.start();
try {
  const applied = await db.applyMigrations(path.join(root, 'netlify/database/migrations'));
  if (applied.length > 0) console.log(`Database: applied ${applied.join(', ')}`);
} finally {
  await db.stop();
}
