import { getDatabase as getNetlifyDatabase, MissingDatabaseConnectionError } from '@netlify/database';
import pg from 'pg';
import { config, MissingSettingError } from '../config.ts';
import type { Database } from './database.ts';
import { createNeonDatabase } from './neon-database.ts';
import { createPgDatabase } from './pg-database.ts';

export type { Database, Statement } from './database.ts';

let database: Database | undefined;

/**
 * The process-wide database. Production: Netlify Database through `@netlify/database`, which
 * Netlify provisions for the site, branches per deploy preview and whose credentials it rotates
 * (the HTTP client it gives re-reads the connection string). Local mode: the embedded Postgres
 * of the local emulation over one wire-protocol connection (see pg-database.ts), or the real
 * PostgreSQL `npm start` was given, over several.
 */
export function getDatabase(): Database {
  if (!database) database = config.isLocal() ? localDatabase() : netlifyDatabase();
  return database;
}

function localDatabase(): Database {
  const pool = new pg.Pool({ connectionString: config.localDatabaseUrl(), max: config.localDatabaseConnections() });
  return createPgDatabase(pool);
}

function netlifyDatabase(): Database {
  try {
    const connection = getNetlifyDatabase();
    return connection.driver === 'serverless'
      ? createNeonDatabase(connection.httpClient)
      : createPgDatabase(connection.pool);
  } catch (error) {
    if (error instanceof MissingDatabaseConnectionError)
      throw new MissingSettingError('NETLIFY_DB_URL', 'Netlify Database is not provisioned for this site.');
    throw error;
  }
}

/** A timestamptz column as the API answers it: ISO 8601 in UTC, whatever the driver returns. */
export const isoTime = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
