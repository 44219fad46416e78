/**
 * The routes this build has pages for. Menus list every route of spec §2 (content/navigation.json)
 * but show only the ones built, so a menu never links to a page that does not exist yet.
 */
const pageFiles = Object.keys(import.meta.glob('/src/pages/**/*.{astro,md,mdx}'));

export const builtRoutes: ReadonlySet<string> = new Set(
  pageFiles
    .filter((file) => !file.includes('['))
    .map((file) => file.replace(/^\/src\/pages/, '').replace(/\.(astro|mdx?)$/, '').replace(/\/index$/, '') || '/'),
);
