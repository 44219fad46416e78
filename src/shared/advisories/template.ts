/**
 * The prerendered page each notice's own page (/avisos/{id}) is made from: built by Astro at this
 * path (src/pages/avisos/plantilla.astro) with these words where the notice's title and summary
 * go, and filled in by the function advisories-page (src/filled-pages/advisories.ts), which answers
 * this path 404 as it answers any id that is not a notice's. The sitemap leaves it out.
 */
export const ADVISORY_TEMPLATE = {
  path: '/avisos/plantilla',
  title: 'AVISO_TITULO',
  description: 'AVISO_DESCRIPCION',
} as const;
