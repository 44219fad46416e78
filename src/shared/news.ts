/** /comunicados (spec §2): which item the page shows for the key in its URL. */

/** Shown when the URL names no item: the women-certification item. */
export const NEWS_DEFAULT_KEY = 'certificacion-mujeres';
/** Shown when the URL names an item that does not exist: the Covid-benefit item. */
export const NEWS_FALLBACK_KEY = 'beneficio-covid';

/** The query parameter that carries the item key, so an item can be linked and shared. */
export const NEWS_QUERY = 'item';

export function resolveNewsKey(requested: string | null, known: ReadonlySet<string>): string {
  if (!requested) return NEWS_DEFAULT_KEY;
  return known.has(requested) ? requested : NEWS_FALLBACK_KEY;
}
