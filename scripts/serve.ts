/**
 * `npm start`: serves the built site on http://localhost:8888 (PORT overrides) as Netlify would:
 * static files, netlify.toml redirects and headers and the embedded Postgres from Netlify's
 * local emulation (@netlify/dev); the functions bundled once and invoked in-process
 * (scripts/lib/functions.ts), scheduled functions run on their own cron schedule. The database is
 * migrated and given its demo data (scripts/lib/local-database.ts). Text answers are compressed
 * by Accept-Encoding as Netlify's CDN does (scripts/lib/compression.ts), and files are served by
 * byte ranges as it does too (scripts/lib/byte-ranges.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { createServerAdapter } from '@whatwg-node/server';
import { Cron } from 'croner';
import pg from 'pg';
import { withByteRanges } from './lib/byte-ranges.ts';
import { answerWithoutDelay } from './lib/database-no-delay.ts';
import { vacuumWhenIdle } from './lib/database-vacuum.ts';
import { compressStream, createStaticCompressor } from './lib/compression.ts';
import {
  bundleFunctions,
  invokeFunction,
  LOCAL_BUNDLES,
  matchFunction,
  warmFunctions,
  type LocalFunction,
} from './lib/functions.ts';
import { poolExecutor, prepareLocalDatabase } from './lib/local-database.ts';
import { createTwilioSimulator } from './lib/twilio-simulator.ts';
import { createWebpaySimulator } from './lib/webpay-simulator.ts';
import { config } from '../src/server/config.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8888);
// The one switch to local adapters (src/server/config.ts): the functions run in this process.
process.env.APP_MODE = 'local';

// A real PostgreSQL instead of the emulation's PGlite, when given (`npm run bench -- --postgres`
// measures the API on one): its pool may open several connections, as Neon serves many sessions.
const postgresUrl = process.env.LOCAL_POSTGRES_URL;

const netlify = new NetlifyDev({
  projectRoot,
  // Everything that needs Netlify's network (edge functions, image CDN, AI gateway, geolocation)
  // is off: this server must run with no account and no internet.
  aiGateway: { enabled: false },
  edgeFunctions: { enabled: false },
  environmentVariables: { enabled: false },
  functions: { enabled: false },
  geolocation: { enabled: false },
  images: { enabled: false },
  blobs: { enabled: true },
  database: { enabled: !postgresUrl },
  headers: { enabled: true },
  redirects: { enabled: true },
  staticFiles: { enabled: true },
  serverAddress: null,
});
await netlify.start();
let vacuum: { touch: () => void; stop: () => void } = { touch: () => undefined, stop: () => undefined };
// The work under way: function invocations until they answer, and what they left running (waitUntil).
const pending = new Set<Promise<unknown>>();
if (postgresUrl) {
  process.env.NETLIFY_DB_URL = postgresUrl;
  process.env.LOCAL_DATABASE_CONNECTIONS ??= '10';
  const pool = new pg.Pool({ connectionString: postgresUrl, max: 1 });
  await prepareLocalDatabase(poolExecutor(pool));
  await pool.end();
} else {
  if (!netlify.db || !process.env.NETLIFY_DB_URL) throw new Error('The embedded database did not start.');
  answerWithoutDelay(netlify.db);
  await prepareLocalDatabase(netlify.db);
  vacuum = vacuumWhenIdle(netlify.db, pending);
}
// Written for tests and for a developer's psql; the port changes on every start.
await mkdir(path.join(projectRoot, '.data'), { recursive: true });
await writeFile(path.join(projectRoot, '.data/database-url'), process.env.NETLIFY_DB_URL!);

const functions = await bundleFunctions(projectRoot, path.join(projectRoot, LOCAL_BUNDLES));

/** Runs a function, counted in `pending` until it answers: the vacuum waits for a quiet server. */
function invoke(fn: LocalFunction, request: Request, params: Record<string, string>, ip: string) {
  vacuum.touch();
  const answer = invokeFunction(fn, request, params, ip, pending);
  pending.add(answer);
  void answer.catch(() => undefined).finally(() => pending.delete(answer));
  return answer;
}
const jobs = functions
  .filter((fn) => fn.schedule)
  .map(
    (fn) =>
      new Cron(fn.schedule!, { protect: true }, async () => {
        try {
          await invoke(
            fn,
            new Request(`http://localhost:${port}/.netlify/functions/${fn.name}`, { method: 'POST' }),
            {},
            '127.0.0.1',
          );
        } catch (error) {
          console.error(`Scheduled function ${fn.name} failed:`, error);
        }
      }),
  );

async function notFound(origin: string): Promise<Response> {
  // Netlify answers unknown paths with the site's 404.html and status 404 (spec §2: the home page's content).
  const page = await netlify.handle(new Request(`${origin}/404.html`));
  return new Response(page?.body ?? 'Not found', { status: 404, headers: page?.headers ?? {} });
}

// Card payments in local mode go to this simulator (docs/features/payments.md, "The simulator"); it is
// never deployed.
// WEBPAY_SIMULATOR_CONFIRM_SECONDS: how long after the customer's decision a commit still works.
const confirmSeconds = Number(process.env.WEBPAY_SIMULATOR_CONFIRM_SECONDS);
const webpaySimulator = createWebpaySimulator(
  '/webpay-simulator',
  confirmSeconds > 0 ? { confirmWindowMs: confirmSeconds * 1000 } : {},
);

// Texts, WhatsApp messages and calls in local mode go to this simulator (scripts/lib/twilio-simulator.ts),
// never deployed: it knows local mode's account and auth token, signs its webhooks with that token,
// and posts the phone page's replies to this server, as Twilio posts them to the site.
const phone = await config.phone(`http://localhost:${port}`);
const twilioSimulator = createTwilioSimulator({
  accountSid: phone.accountSid,
  authToken: phone.authToken,
  siteOrigin: `http://localhost:${port}`,
  siteNumber: phone.from,
});

// Netlify refuses a synchronous function's request over 6 MB; so does this server, so tests see
// what production does (design.md, "Uploads").
const MAX_FUNCTION_BODY = 6 * 1024 * 1024;

// Netlify's CDN sends text compressed by Accept-Encoding, pages and function answers alike.
const compressStatic = createStaticCompressor();

const adapter = createServerAdapter<{ req: import('node:http').IncomingMessage }>(async (request, { req }) => {
  const url = new URL(request.url);
  if (url.pathname.startsWith(webpaySimulator.basePath)) return webpaySimulator.handle(request);
  if (url.pathname.startsWith(twilioSimulator.basePath)) return twilioSimulator.handle(request);
  // Local mode only, as Netlify's own emulation does: any function, scheduled ones included,
  // can be run by hand at /.netlify/functions/<name>.
  const byName =
    url.pathname.startsWith('/.netlify/functions/') && functions.find((fn) => fn.name === url.pathname.split('/')[3]);
  const route = byName ? { fn: byName, params: {} } : matchFunction(functions, request);
  if (route) {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_FUNCTION_BODY)
      return new Response('Payload Too Large', { status: 413 });
    // Functions get a platform Request, as on Netlify, not the adapter's own implementation.
    const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer();
    if (body && body.byteLength > MAX_FUNCTION_BODY) return new Response('Payload Too Large', { status: 413 });
    const native = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      ...(body ? { body } : {}),
    });
    return compressStream(
      request,
      await invoke(route.fn, native, route.params, req.socket.remoteAddress ?? '127.0.0.1'),
    );
  }
  const file = (await netlify.handle(request)) ?? (await notFound(new URL(request.url).origin));
  return withByteRanges(request, await compressStatic(request, file));
});

const server = createServer(adapter);
server.listen(port, () => {
  console.log(
    `Site ready on http://localhost:${port} (${functions.length} functions, mail in .data/outbox, texts in .data/sms)`,
  );
  void warmFunctions(functions);
});

async function shutdown() {
  for (const job of jobs) job.stop();
  vacuum.stop();
  server.close();
  await Promise.allSettled([...pending]);
  await netlify.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
