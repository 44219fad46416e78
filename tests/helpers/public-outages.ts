import type { PublicOutage } from '../../src/shared/outages/schema.ts';
import { aysenIso } from '../../src/shared/time/wall-clock.ts';

/** A planned outage in Coyhaique as GET /api/outages lists it, for the feeds' readers. */
export const publicOutage = (id: string, sectors: string, updatedAt: string): PublicOutage => ({
  id,
  kind: 'programado',
  town: 'coyhaique',
  townName: 'Coyhaique',
  sectors,
  streets: '',
  startsAt: aysenIso('2026-12-10T12:00:00Z'),
  endsAt: aysenIso('2026-12-10T16:00:00Z'),
  cause: 'Cambio de matriz',
  status: 'publicado',
  updatedAt: aysenIso(updatedAt),
  updates: [],
  supplyPoints: [],
});
