import type { ClientDirective } from 'astro';
import { firstContentfulPaint } from '../components/first-contentful-paint.ts';

/** Hydrates once the browser reports the page's first contentful paint (hydrate-after-paint.ts). */
const painted: ClientDirective = async (load) => {
  await firstContentfulPaint();
  const hydrate = await load();
  await hydrate();
};

export default painted;
