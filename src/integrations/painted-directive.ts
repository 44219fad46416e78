import type { ClientDirective } from 'astro';
import { firstContentfulPaint } from '../components/first-contentful-paint.ts';

/** Resolves in a task of its own, after the work queued before it (a `setTimeout` of 0). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Hydrates once the browser reports the page's first contentful paint (hydrate-after-paint.ts).
 *
 * Its modules run in two tasks, not one: the renderer's (React, the most of it) first, then the
 * island's own (its schemas and forms). A module graph runs whole in the task its last module
 * arrives in, and /cortes' was one of 112 ms on Lighthouse's phone CPU, the page's blocking time.
 * A renderer that fails to load is left to `load()`, which retries it and reports the failure.
 */
const painted: ClientDirective = async (load, _options, island) => {
  await firstContentfulPaint();
  const renderer = island.getAttribute('renderer-url');
  if (renderer) {
    await import(/* @vite-ignore */ renderer).catch(() => undefined);
    await nextTask();
  }
  const hydrate = await load();
  await hydrate();
};

export default painted;
