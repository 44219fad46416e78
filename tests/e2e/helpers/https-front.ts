import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

// Headers of one connection, or of an encoding fetch has already undone: never passed on.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length']);

/**
 * What Netlify's edge does in front of the site, on this machine: TLS, and a 301 from http:// to
 * https:// at the same address. `npm start` speaks plain HTTP, and a scanner scores HSTS and the
 * redirection only over https. Both protocols share one port, as the scanner derives the http://
 * and https:// addresses from one host name. The certificate is made here (openssl) for localhost
 * and trusted by this process alone; every request and answer passes through untouched.
 */
export async function startHttpsFront(upstream: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'https-front-'));
  const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  const request = 'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost';
  // Piped: openssl's progress stays out of the test report, and a failure still throws with it.
  execFileSync(
    'openssl',
    [...request.split(' '), '-addext', 'subjectAltName=DNS:localhost', '-keyout', keyFile, '-out', certFile],
    { stdio: 'pipe' },
  );
  const [key, cert] = await Promise.all([readFile(keyFile, 'utf8'), readFile(certFile, 'utf8')]);
  const trusted = tls.getCACertificates('default');
  tls.setDefaultCACertificates([...trusted, cert]);

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const answer = await fetch(new URL(req.url!, upstream), {
      method: req.method!,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        name === 'host' || value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
      redirect: 'manual',
    });
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) headers[name] = value;
    });
    res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
  };
  const https = createHttpsServer({ key, cert }, (req, res) => {
    forward(req, res).catch(() => res.writeHead(502).end());
  });
  const http = createHttpServer((req, res) => {
    res.writeHead(301, { Location: `https://${req.headers.host}${req.url}` }).end();
  });
  // A TLS connection opens with a handshake record (0x16); anything else is plain HTTP.
  const front = createNetServer((socket) =>
    socket.once('data', (first) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 ? https : http).emit('connection', socket);
      process.nextTick(() => socket.resume());
    }),
  );
  await new Promise<void>((resolve) => front.listen(0, 'localhost', resolve));
  return {
    host: `localhost:${(front.address() as AddressInfo).port}`,
    async stop() {
      const closed = new Promise((resolve) => front.close(resolve));
      https.closeAllConnections();
      http.closeAllConnections();
      await closed;
      tls.setDefaultCACertificates(trusted);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
