import type { Server } from 'node:net';
import type { NetlifyDB } from '@netlify/database-dev';

/**
 * Netlify's embedded database answers each message of Postgres' extended protocol with its own
 * small write on a socket that keeps Nagle's algorithm on, so every parameterized query waited
 * for the client's delayed ACK: 45 ms instead of 2 ms. Its TCP server is not part of
 * its API, hence the cast; each new connection is switched to no delay.
 */
export function answerWithoutDelay(db: NetlifyDB): void {
  const { server } = db as unknown as { server?: Server };
  if (!server) throw new Error('The embedded database has no TCP server to tune: start it first.');
  server.on('connection', (socket) => socket.setNoDelay(true));
}
