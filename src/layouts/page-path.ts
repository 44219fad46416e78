/**
 * The address visitors use for the page being built. With `build.format: 'file'` Astro builds
 * /cortes as cortes.html, and Astro.url says so (/cortes.html, /index.html); the site is served,
 * linked and listed in the sitemap without the extension.
 */
export const pagePath = (url: URL): string => url.pathname.replace(/(\/index)?\.html$/, '') || '/';
