/** A town's calendar of planned outages (src/server/outages/feeds.ts), at its own address. */
export const townCalendarPath = (slug: string): string => `/cortes/${slug}.ics`;

/**
 * The two ways to add it (/cortes, "Agregar a mi calendario"): `webcal:`, which a phone's or a
 * computer's calendar opens as a subscription, and the https address itself, for a calendar that
 * asks for one (Google Calendar's "Desde URL").
 */
export function townCalendarLinks(siteAddress: string, slug: string): { subscribe: string; address: string } {
  const address = new URL(townCalendarPath(slug), siteAddress).href;
  return { subscribe: address.replace(/^https?:/, 'webcal:'), address };
}
