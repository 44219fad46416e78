import { getDatabase as getNetlifyDatabase, MissingDatabaseConnectionError } from '@netlify/database';
import pg from 'pg';
import { config, MissingSettingError } from '../config.ts';
import { runtimeDeployContext } from '../deploy-context.ts';
import type { Database } from './database.ts';
import { createNeonDatabase } from './neon-database.ts';
import { createPgDatabase } from './pg-database.ts';
import { untilAnonymised } from './preview-gate.ts';

/** The drivers behind index.ts's databases, imported by their first statement. */

export function localDatabase(): Database {
  const pool = new pg.Pool({ connectionString: config.localDatabaseUrl(), max: config.localDatabaseConnections() });
  return createPgDatabase(pool);
}

export function netlifyDatabase(): Database {
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

export const databaseAt = (connectionString: string): Database =>
  config.isLocal()
    ? createPgDatabase(new pg.Pool({ connectionString, max: 1 }))
    : netlifyConnection(connectionString).db;
