import { getOrderedCollection } from './ordered-collection.ts';

/** The site menus: every entry of content/navigation.json, groups in their order. */
export async function getMenus() {
  const groups = await getOrderedCollection('navigation');
  return groups.map(({ data: { label, items } }) => ({ label, items }));
}
