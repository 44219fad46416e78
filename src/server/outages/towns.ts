import type { OutageTown } from '../../shared/outages/schema.ts';
import { outageAdminMessages, type OutageTownInput } from '../../shared/outages/admin/schema.ts';
import { outageMessages } from '../../shared/outages/schema.ts';
import { changeAndAudit } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import type { Database } from '../db/index.ts';
import { Invalid, uniqueOr } from '../errors.ts';

/** The towns staff choose from, in /cortes' order (migration 0025 seeds the utility's eight). */
export const listTowns = (db: Database): Promise<OutageTown[]> =>
  db.query<OutageTown>('SELECT slug, name, latitude, longitude FROM outage_towns ORDER BY position, name');

/** Invalid on the town field unless the slug is one of outage_towns; answers its name. */
export async function requireTown(db: Database, slug: string): Promise<string> {
  const [town] = await db.query<{ name: string }>('SELECT name FROM outage_towns WHERE slug = $1', [slug]);
  if (!town) throw new Invalid(outageMessages.town, 'town');
  return town.name;
}

/** "Puerto Ibáñez" → "puerto-ibanez": the town's name in URLs, feeds and subscriptions. */
export const townSlug = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A town added later, listed after the others; its slug comes from its name, so both are unique. */
export async function addTown(db: Database, admin: SignedInAdmin, input: OutageTownInput): Promise<OutageTown> {
  const slug = townSlug(input.name);
  if (!slug) throw new Invalid(outageAdminMessages.townSlug, 'name');
  const [town] = await uniqueOr(outageAdminMessages.townExists, 'name', () =>
    changeAndAudit<OutageTown>(db, {
      change: `INSERT INTO outage_towns (slug, name, latitude, longitude, position)
               SELECT $1, $2, $3, $4, coalesce(max(position), 0) + 1 FROM outage_towns
               RETURNING slug, name, latitude, longitude`,
      params: [slug, input.name, input.latitude, input.longitude],
      admin,
      action: 'create',
      entity: 'outage_town',
      entityId: 'slug',
      summary: 'name',
    }),
  );
  return town!;
}
