import { Socket } from 'node:net';
import { NetlifyDB } from '@netlify/database-dev';
import pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import { answerWithoutDelay } from '../../scripts/lib/database-no-delay.ts';

/** The embedded database's connections answer without Nagle's delay (45 ms a query before). */

const server = new NetlifyDB({ logger: () => undefined });
afterAll(() => server.stop());

it('switches every connection of the embedded database to no delay', async () => {
  const url = await server.start();
  const port = Number(new URL(url).port);
  // Which sockets were switched, by the port they listen on: the server's side has the database's.
  const switched: number[] = [];
  const original = Socket.prototype.setNoDelay;
  const setNoDelay = vi.spyOn(Socket.prototype, 'setNoDelay').mockImplementation(function (this: Socket, noDelay) {
    if (noDelay !== false) switched.push(this.localPort ?? 0);
    return original.call(this, noDelay);
  });
  answerWithoutDelay(server);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  expect(await client.query('SELECT $1::int AS answer', [42])).toMatchObject({ rows: [{ answer: 42 }] });
  await client.end();
  setNoDelay.mockRestore();
  expect(switched).toContain(port);
});

it('refuses a database that is not started', () => {
  expect(() => answerWithoutDelay(new NetlifyDB({ logger: () => undefined }))).toThrow(/start it first/);
});
