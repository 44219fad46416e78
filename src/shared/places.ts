import { z } from 'zod';

/** A place on a map (spec §2 /oficinas, §9 dumping points): the list beside the map and its pins. */
export const PlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  /** Opening hours, a line each (offices); dumping points share theirs (spec §9). */
  hours: z.array(z.string()).optional(),
  /** Latitude and longitude. */
  coordinates: z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
});
export type Place = z.infer<typeof PlaceSchema>;
