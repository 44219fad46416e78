import { spawn } from 'node:child_process';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../..');

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * The site to measure (npm run bench, npm run lighthouse): `url` when given, else the server
 * answering on http://localhost:$PORT (8888), else an `npm start` started on that port, in its own
 * process group so that `stop()` ends the server it runs too.
 */
export async function useLocalServer(url?: string): Promise<{ base: string; stop: () => void }> {
  const port = Number(process.env.PORT ?? 8888);
  const base = url ?? `http://localhost:${port}`;
  if (url || (await answers(`${base}/api/health`))) return { base, stop: () => undefined };
  console.log(`No server answers at ${base}: starting npm start on port ${port}…`);
  const child = spawn('npm', ['start'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port) },
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
    stop: () => {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    },
  };
}
