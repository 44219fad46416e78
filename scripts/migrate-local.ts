/**
 * Before `npm run dev`: migrates the embedded database that Netlify's Vite plugin opens
 * (.netlify/db) and gives it its demo data; the plugin itself leaves it empty. `npm start`
 * prepares the same database on its own.
 */
import path from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import { prepareLocalDatabase } from './lib/local-database.ts';

const root = path.resolve(import.meta.dirname, '..');
const db = new NetlifyDB({ directory: path.join(root, '.netlify/db') });
await db.start();
try {
  await prepareLocalDatabase(db);
} finally {
  await db.stop();
}
