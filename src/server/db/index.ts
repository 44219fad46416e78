import type { Database } from './database.ts';
import { createNeonDatabase } from './neon-database.ts';
import { createPgDatabase } from './pg-database.ts';
import { config } from '../config.ts';

export type { Database, Statement } from './database.ts';

let database: Database | undefined;

/** The process-wide database, chosen by configuration alone (README, "Configuration"). */
export function getDatabase(): Database {
  if (!database) {
    const { url, driver } = config.database();
    database = driver === 'serverless' ? createNeonDatabase(url) : createPgDatabase(url);
  }
  return database;
}

/** A timestamptz column as the API answers it: ISO 8601 in UTC, whatever the driver returns. */
export const isoTime = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
