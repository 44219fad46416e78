/**
 * `npm test`: the whole suite, in stages, with the time each took (CI must finish within 30 minutes
 * on two cores, docs/testing.md). The two checks share the first stage, since neither keeps both
 * cores busy (the build is not among them: `astro check` and `astro build` both write Astro's
 * content store). The unit tests leave part of a core idle while they wait on their database, so
 * the end-to-end server's build and function bundles are made beside them (`prepare:start`) and
 * its `npm start` finds them ready; the end-to-end tests use both cores, so they run last, in all
 * their browsers against that one server. A stage that fails stops the run, after the others of
 * its stage have finished.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '..');

interface Step {
  name: string;
  command: string[];
}

const stages: Step[][] = [
  [
    { name: 'lint', command: ['npm', 'run', 'lint'] },
    { name: 'check', command: ['npm', 'run', 'check'] },
  ],
  [
    { name: 'test:unit', command: ['npm', 'run', 'test:unit'] },
    { name: 'prepare:start', command: ['npm', 'run', 'prepare:start'] },
  ],
  [{ name: 'test:e2e', command: ['npm', 'run', 'test:e2e'] }],
];

const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;

/**
 * Runs a step. Alone in its stage, its output goes straight through; beside others, it is held
 * and printed whole when the step ends, so that the stage's outputs do not interleave.
 */
function run(step: Step, alone: boolean): Promise<{ name: string; ok: boolean; took: string }> {
  const started = performance.now();
  const [program, ...args] = step.command as [string, ...string[]];
  const child = spawn(program, args, { cwd: projectRoot, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const took = seconds(started);
      if (!alone) process.stdout.write(`\n── ${step.name} (${took}) ──\n${Buffer.concat(output).toString()}`);
      resolve({ name: step.name, ok: code === 0, took });
    });
  });
}

const started = performance.now();
const times: string[] = [];
let failed: string[] = [];
for (const stage of stages) {
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  times.push(results.map(({ name, took }) => `${name} ${took}`).join(' ∥ '));
  failed = results.filter(({ ok }) => !ok).map(({ name }) => name);
  if (failed.length > 0) break;
}
console.log(`\nStage times: ${times.join(' → ')}; total ${seconds(started)}.`);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}.`);
  process.exit(1);
}
