import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/*
 * `client:painted`: an island that hydrates once the browser has painted the page, not while it
 * parses it (`client:load`). Its form or button is in the HTML and works before its script
 * (forms-before-scripts.spec.ts), so nothing is lost by waiting; what is gained is the largest
 * paint. Here the whole page loads in a fraction of a second, so on a busy machine React's 60 KB
 * and the island's chunks had arrived and run before the first frame, and Lighthouse counts in its
 * simulated largest paint every request that ended before the paint it observed: /cortes/alertas
 * measured 1.4 to 1.7 s on the default profile in those runs, 0.8 to 1.1 s in the others.
 */

declare module 'astro' {
  interface AstroClientDirectives {
    'client:painted'?: boolean;
  }
}

export function hydrateAfterPaint(): AstroIntegration {
  return {
    name: 'hydrate-after-paint',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'painted',
          entrypoint: fileURLToPath(new URL('./painted-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
