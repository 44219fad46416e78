import * as z from 'zod/mini';

/** A place on a map (spec §2 /oficinas, §9 dumping points): the list beside the map and its pins. */
export const PlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  /** Opening hours, a line each (offices); dumping points share theirs (spec §9). */
  hours: z.optional(z.array(z.string())),
  /** Latitude and longitude. */
  coordinates: z.tuple([z.number().check(z.gte(-90), z.lte(90)), z.number().check(z.gte(-180), z.lte(180))]),
});
export type Place = z.infer<typeof PlaceSchema>;
