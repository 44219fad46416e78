import { once } from 'node:events';
import { createServer } from 'node:net';

/** A TCP port on loopback nobody listens on now: servers started side by side each get their own. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}
