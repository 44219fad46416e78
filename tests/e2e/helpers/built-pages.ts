import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ADVISORY_TEMPLATE } from '../../../src/shared/advisories/template.ts';

/**
 * Every public page of the build, as the URL a visitor opens. Read from dist/ so a page added
 * later is covered by the quality gates without touching them. 404.html is reached through an
 * unknown path, as visitors reach it. The template of each notice's page is no page: its path
 * answers 404 (advisories.spec.ts checks the notices' pages).
 */
export function builtPages(): string[] {
  const dist = path.resolve(import.meta.dirname, '../../../dist');
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  return files
    .map((file) => {
      if (file === '404.html') return '/pagina-que-no-existe';
      const route = `/${file
        .replace(/\\/g, '/')
        .replace(/(^|\/)index\.html$/, '')
        .replace(/\.html$/, '')}`;
      return route.length > 1 ? route.replace(/\/$/, '') : '/';
    })
    .filter((route) => !route.startsWith('/admin') && route !== ADVISORY_TEMPLATE.path)
    .sort();
}
