import type { Database } from '../../src/server/db/database.ts';

/**
 * The database round trips made through the port: a query is one, and so is a batch, which Neon's
 * HTTP driver sends as one transaction (neon-database.ts). `calls` keeps each one's first statement
 * so that a count that grew says what the new trip was.
 */
export interface RoundTrips {
  calls: string[];
}

/** `db` counting its round trips into `trips`. */
export function countingDatabase(db: Database, trips: RoundTrips): Database {
  const shortly = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 100);
  return {
    query(text, params) {
      trips.calls.push(`query: ${shortly(text)}`);
      return db.query(text, params);
    },
    batch(statements) {
      trips.calls.push(`batch of ${statements.length}: ${shortly(statements[0]?.text ?? '')}`);
      return db.batch(statements);
    },
    close: () => db.close(),
  };
}
