import { getBuiltRoutes } from './built-routes.ts';
import { getOrderedCollection } from './ordered-collection.ts';

/** The site menus with only the entries whose page is built. */
export async function getMenus() {
  const [groups, built] = await Promise.all([getOrderedCollection('navigation'), getBuiltRoutes()]);
  return groups
    .map(({ id, data }) => ({ id, label: data.label, items: data.items.filter((item) => built.has(item.href)) }))
    .filter((group) => group.items.length > 0);
}
