import { getDatabase as getNetlifyDatabase, MissingDatabaseConnectionError } from '@netlify/database';
import pg from 'pg';
import { config, MissingSettingError } from '../config.ts';
import { runtimeDeployContext } from '../deploy-context.ts';
import type { Database } from './database.ts';
import { createNeonDatabase } from './neon-database.ts';
import { createPgDatabase } from './pg-database.ts';
import { untilAnonymised } from './preview-gate.ts';
import { markingQueues } from '../work-markers/queueing.ts';

export type { Database, Statement } from './database.ts';

let database: Database | undefined;

/**
 * The process-wide database. Production: Netlify Database through `@netlify/database`, which
 * Netlify provisions for the site, branches per deploy preview and whose credentials it rotates
 * (the HTTP client it gives re-reads the connection string). Local mode: the embedded Postgres
 * of the local emulation over one wire-protocol connection (see pg-database.ts), or the real
 * PostgreSQL `npm start` was given, over several. A deploy preview's is refused until production's
 * anonymiser marked its branch (preview-gate.ts). Every statement that gives a scheduled run work marks
 * its queue once committed (work-markers/queueing.ts).
 */
export function getDatabase(): Database {
  if (!database) database = markingQueues(config.isLocal() ? localDatabase() : netlifyDatabase());
  return database;
}

function localDatabase(): Database {
  const pool = new pg.Pool({ connectionString: config.localDatabaseUrl(), max: config.localDatabaseConnections() });
  return createPgDatabase(pool);
}

function netlifyDatabase(): Database {
  const { db, connectionString } = netlifyConnection();
  return runtimeDeployContext() === 'deploy-preview' ? untilAnonymised(db, connectionString) : db;
}

function netlifyConnection(connectionString?: string): { db: Database; connectionString: string } {
  try {
    const connection = getNetlifyDatabase(connectionString ? { connectionString } : {});
    const db =
      connection.driver === 'serverless'
        ? createNeonDatabase(connection.httpClient)
        : createPgDatabase(connection.pool);
    return { db, connectionString: connection.connectionString };
  } catch (error) {
    if (error instanceof MissingDatabaseConnectionError)
      throw new MissingSettingError('NETLIFY_DB_URL', 'Netlify Database is not provisioned for this site.');
    throw error;
  }
}

/**
 * The database at `connectionString`: production's anonymiser reaching a deploy preview's branch
 * (src/server/preview-anonymisation.ts); locally, and in the tests, over one connection.
 */
export const databaseAt = (connectionString: string): Database =>
  config.isLocal()
    ? createPgDatabase(new pg.Pool({ connectionString, max: 1 }))
    : netlifyConnection(connectionString).db;

/** A timestamptz column as the API answers it: ISO 8601 in UTC, whatever the driver returns. */
export const isoTime = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
