import { getCollection } from 'astro:content';
import { getBuiltRoutes } from './built-routes.ts';

/** The site menus with only the entries whose page is built. */
export async function getMenus() {
  const [groups, built] = await Promise.all([getCollection('navigation'), getBuiltRoutes()]);
  return groups
    .map(({ id, data }) => ({ id, label: data.label, items: data.items.filter((item) => built.has(item.href)) }))
    .filter((group) => group.items.length > 0);
}
