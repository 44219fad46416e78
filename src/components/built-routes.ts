import { getCollection } from 'astro:content';

/**
 * The routes this build has pages for: page files plus the MDX pages of content/pages/.
 * Menus list every route of spec §2 (content/navigation.json) but show only the built ones,
 * so a menu never links to a page that does not exist yet.
 */
const pageFiles = Object.keys(import.meta.glob('/src/pages/**/*.{astro,md,mdx}'));

const fileRoutes = pageFiles
  .filter((file) => !file.includes('['))
  .map(
    (file) =>
      file
        .replace(/^\/src\/pages/, '')
        .replace(/\.(astro|mdx?)$/, '')
        .replace(/\/index$/, '') || '/',
  );

export async function getBuiltRoutes(): Promise<ReadonlySet<string>> {
  const mdxPages = await getCollection('pages', (entry) => entry.id !== 'inicio');
  return new Set([...fileRoutes, ...mdxPages.map((entry) => `/${entry.id}`)]);
}
