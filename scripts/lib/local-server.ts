import { spawn } from 'node:child_process';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Whether a server listens at `url`. One slow to answer (a busy machine) is waited for: starting
 * another `npm start` beside it, as a 2-second limit did, opened a second embedded database on the
 * same files before failing on the port.
 */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(60_000) });
    return true;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return false;
    throw new Error(`The server at ${url} did not answer: ${String(error)}`);
  }
}

/**
 * The site to measure (npm run bench, npm run lighthouse): `url` when given, else the server
 * answering on http://localhost:$PORT (8888), else an `npm start` started on that port, in its own
 * process group so that `stop()` ends the server it runs too.
 */
export async function useLocalServer(
  url?: string,
  /** A server of its own on `port` with these variables (never one already running). */
  own?: { port: number; env: Record<string, string> },
): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = own?.port ?? Number(process.env.PORT ?? 8888);
  const base = url ?? `http://localhost:${port}`;
  if (url || (!own && (await answers(`${base}/api/health`)))) return { base, stop: async () => undefined };
  console.log(`No server answers at ${base}: starting npm start on port ${port}…`);
  const child = spawn('npm', ['start'], {
    cwd: projectRoot,
    env: { ...process.env, ...own?.env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`npm start ended (code ${code}) before the site was ready.`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Site ready')) resolve();
    });
  });
  child.stdout!.resume();
  return {
    base,
    // Resolves once the server has stopped: its database may be stopped after it, not before.
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || !child.pid) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid, 'SIGTERM');
      }),
  };
}
