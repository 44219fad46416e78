import { getCollection } from 'astro:content';

type OrderedCollection = 'navigation' | 'board' | 'offices' | 'dumpingPoints' | 'customerLinks';

/** A data list in the order its file gives (each entry's `order`). */
export async function getOrderedCollection<C extends OrderedCollection>(name: C) {
  return (await getCollection(name)).sort((a, b) => a.data.order - b.data.order);
}
