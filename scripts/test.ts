/**
 * `npm test`: the whole suite, in stages, with the time each took (CI must finish within 30 minutes
 * on two cores, docs/guides/testing.md). The unit tests leave part of a core idle while they wait on
 * their database, so the end-to-end server's build and function bundles are made beside them
 * (`prepare:start`, which `npm start` then finds ready), followed on that lane by the type check:
 * `astro check` and `astro build` both write Astro's content store, so the check waits for the
 * build. The lint follows the unit tests on theirs, which end first since the function bundles no
 * longer take them minutes. The
 * end-to-end tests use both cores, so they run last, in all their browsers against that one
 * server. A lane stops at its first failing step; a stage that fails stops the run, after its
 * other lanes have finished.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '..');

interface Step {
  name: string;
  command: string[];
}

/** A stage's lanes run side by side; a lane's steps one after the other. */
const stages: Step[][][] = [
  [
    [
      { name: 'test:unit', command: ['npm', 'run', 'test:unit'] },
      { name: 'lint', command: ['npm', 'run', 'lint'] },
    ],
    [
      { name: 'prepare:start', command: ['npm', 'run', 'prepare:start'] },
      { name: 'check', command: ['npm', 'run', 'check'] },
    ],
  ],
  [[{ name: 'test:e2e', command: ['npm', 'run', 'test:e2e'] }]],
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
/** A lane's steps in turn, up to the first that fails. */
async function runLane(lane: Step[], alone: boolean) {
  const results = [];
  for (const step of lane) {
    const result = await run(step, alone);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

for (const stage of stages) {
  const lanes = await Promise.all(stage.map((lane) => runLane(lane, stage.length === 1)));
  times.push(lanes.map((lane) => lane.map(({ name, took }) => `${name} ${took}`).join(' + ')).join(' ∥ '));
  failed = lanes
    .flat()
    .filter(({ ok }) => !ok)
    .map(({ name }) => name);
  if (failed.length > 0) break;
}
console.log(`\nStage times: ${times.join(' → ')}; total ${seconds(started)}.`);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}.`);
  process.exit(1);
}
