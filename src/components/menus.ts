import { getCollection } from 'astro:content';
import { builtRoutes } from './built-routes.ts';

/** The site menus with only the entries whose page is built. */
export async function getMenus() {
  const groups = await getCollection('navigation');
  return groups
    .map(({ id, data }) => ({ id, label: data.label, items: data.items.filter((item) => builtRoutes.has(item.href)) }))
    .filter((group) => group.items.length > 0);
}
