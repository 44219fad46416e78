import { advisoryAdminMessages, type AdminAdvisory } from '../../shared/advisories/admin/schema.ts';
import {
  advisoryMessages,
  type AdvisoryInput,
  type AdvisoryKind,
  type AdvisoryStatus,
  type RestrictionLevel,
} from '../../shared/advisories/schema.ts';
import { advisoryName } from '../../shared/advisories/words.ts';
import { spanishList } from '../../shared/spanish-list.ts';
import { chileMinute } from '../../shared/time/format.ts';
import { messages } from '../../shared/messages.ts';
import { auditedChange } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { Conflict, Invalid } from '../errors.ts';
import { advisoryTables, supplyPointsFrom } from '../notices/sql.ts';
import { createDraft, deleteDraft } from '../notices/steps.ts';
import { advisoryDetailRead, isAdvisoryId } from './admin-list.ts';

/**
 * Staff write a notice (a draft, or one in force that needs correcting) with its towns and supply
 * points, which each save replaces as sets. Each change and its audit row are one transaction
 * (src/server/audit.ts); a lifted notice is history and is no longer changed.
 */

/**
 * The words of the audit log for a notice: "Hervir el agua antes de consumirla en Puerto Aysén, desde
 * 05-03-2026 09:00". Its creation and each edit keep them with it (audit_words, migration 0039), for
 * its publication.
 */
export const advisoryWords = (
  kind: AdvisoryKind,
  level: RestrictionLevel | null,
  townNames: readonly string[],
  startsAt: string,
): string => `${advisoryName(kind, level)} en ${spanishList(townNames)}, desde ${chileMinute(startsAt)}`;

/** The status and words of an existing notice; undefined when there is none. */
export async function advisoryState(
  db: Database,
  id: string,
): Promise<{ status: AdvisoryStatus; words: string } | undefined> {
  if (!isAdvisoryId(id)) return undefined;
  const [row] = await db.query<{
    status: AdvisoryStatus;
    kind: AdvisoryKind;
    level: RestrictionLevel | null;
    towns: string[];
    starts_at: string;
  }>(
    `SELECT a.status, a.kind, a.restriction_level AS level, ${isoTime('a.starts_at')} AS starts_at,
       coalesce((SELECT array_agg(t.name ORDER BY t.position, t.name) FROM advisory_towns at
                 JOIN outage_towns t ON t.slug = at.town WHERE at.advisory_id = a.id), '{}') AS towns
     FROM advisories a WHERE a.id = $1`,
    [id],
  );
  return row && { status: row.status, words: advisoryWords(row.kind, row.level, row.towns, row.starts_at) };
}

/** Invalid on the towns unless each is one of outage_towns; answers the set and its names, in /avisos' order. */
async function requireTowns(db: Database, slugs: string[]): Promise<{ slugs: string[]; names: string[] }> {
  const unique = [...new Set(slugs)];
  const known = await db.query<{ slug: string; name: string }>(
    'SELECT slug, name FROM outage_towns WHERE slug = ANY($1::text[]) ORDER BY position, name',
    [unique],
  );
  if (known.length !== unique.length) throw new Invalid(messages.invalidForm, { towns: advisoryMessages.unknownTown });
  return { slugs: known.map((town) => town.slug), names: known.map((town) => town.name) };
}

/** A restriction's level; null for any other kind, whatever the form sent (the table allows no other). */
const levelOf = (input: AdvisoryInput): RestrictionLevel | null =>
  input.kind === 'restriccion' ? (input.restrictionLevel ?? null) : null;

/** What staff write of a notice, in the order of its columns in the INSERT and the UPDATE below. */
const columnsOf = (input: AdvisoryInput) => [
  input.kind,
  levelOf(input),
  input.sectors,
  input.startsAt,
  input.endsAt ?? null,
  input.instructions,
];

/**
 * spanishList (src/shared/spanish-list.ts) in SQL over `names`, a text[] in order, for the log of a
 * statement that reads the towns' names itself. Spanish says "e" for "y" before a name that sounds
 * /i/, in ICU's words one starting with "i", or "hi" followed by neither "a" nor "e";
 * admin-advisories-function.test.ts checks that both read alike.
 */
export const townListSql = (names: string): string => {
  const last = `(${names})[cardinality(${names})]`;
  return `CASE cardinality(${names}) WHEN 0 THEN '' WHEN 1 THEN (${names})[1]
    ELSE array_to_string((${names})[1:cardinality(${names}) - 1], ', ')
      || CASE WHEN ${last} ~ '^([iI]|[hH][iI]$|[hH][iI][^aeAE])' THEN ' e ' ELSE ' y ' END || ${last} END`;
};

/**
 * A new draft, answered as it was stored, in one round trip: the row with its audit row, towns and
 * supply points in one statement, then the detail. The log's town names are read by that statement,
 * and a town not in outage_towns breaks the foreign key, which refuses the whole batch.
 */
export async function createAdvisory(
  db: Database,
  admin: SignedInAdmin,
  input: AdvisoryInput,
  now: Date,
): Promise<AdminAdvisory> {
  // The notice of this transaction: its identity was drawn by the first statement.
  const drawn = `currval(pg_get_serial_sequence('advisories', 'id'))`;
  return createDraft(db, {
    statements: [
      auditedChange({
        change: `INSERT INTO advisories (kind, restriction_level, sectors, starts_at, ends_at, instructions, created_at, updated_at,
                   audit_words)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7, format($10::text, (SELECT ${townListSql('names')} FROM
                   (SELECT array_agg(t.name ORDER BY t.position, t.name) AS names FROM outage_towns t
                    WHERE t.slug = ANY($8::text[])) AS known)))
                 RETURNING id, audit_words`,
        params: [
          ...columnsOf(input),
          now.toISOString(),
          [...new Set(input.towns)],
          JSON.stringify(input.supplyPoints),
          // The words with '%s' for the towns' names (no label nor date holds a '%').
          advisoryWords(input.kind, levelOf(input), ['%s'], input.startsAt),
        ],
        effects: `towns AS (INSERT INTO advisory_towns (advisory_id, town) SELECT changed.id, town FROM changed, unnest($8::text[]) AS town),
          points AS (${supplyPointsFrom(advisoryTables, '(SELECT id FROM changed)', '$9')} ORDER BY e.n)`,
        admin,
        action: 'create',
        entity: 'advisory',
        entityId: 'id',
        summary: `'borrador: ' || audit_words`,
      }),
    ],
    detail: advisoryDetailRead(drawn, []),
    unknownTown: () => new Invalid(messages.invalidForm, { towns: advisoryMessages.unknownTown }),
  });
}

/**
 * Replaces what staff wrote, the towns and the supply points; false when there is no such notice.
 * Separate statements of one transaction, after the notice's row is locked by the first: a save
 * racing another replaces the other's sets, never adds to them.
 */
export async function updateAdvisory(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  input: AdvisoryInput,
  now: Date,
): Promise<boolean> {
  const state = await advisoryState(db, id);
  if (!state) return false;
  if (state.status === 'levantado') throw new Conflict(advisoryAdminMessages.liftedNotEditable);
  const towns = await requireTowns(db, input.towns);
  // Each statement checks again that the notice is not lifted: it may have been meanwhile.
  const open = `EXISTS (SELECT 1 FROM advisories WHERE id = $1 AND status <> 'levantado')`;
  const [updated] = (await db.batch([
    auditedChange({
      change: `UPDATE advisories SET kind = $2, restriction_level = $3, sectors = $4, starts_at = $5, ends_at = $6,
                 instructions = $7, updated_at = $8, audit_words = $9
               WHERE id = $1 AND status <> 'levantado' RETURNING id`,
      params: [
        id,
        ...columnsOf(input),
        now.toISOString(),
        advisoryWords(input.kind, levelOf(input), towns.names, input.startsAt),
      ],
      admin,
      action: 'update',
      entity: 'advisory',
      entityId: 'id',
      summary: '$9::text',
    }),
    { text: `DELETE FROM advisory_towns WHERE advisory_id = $1 AND ${open}`, params: [id] },
    {
      text: `INSERT INTO advisory_towns (advisory_id, town) SELECT $1, town FROM unnest($2::text[]) AS town WHERE ${open}`,
      params: [id, towns.slugs],
    },
    { text: `DELETE FROM advisory_supply_points WHERE advisory_id = $1 AND ${open}`, params: [id] },
    {
      text: `${supplyPointsFrom(advisoryTables, '$1::bigint', '$2')} WHERE ${open} ORDER BY e.n`,
      params: [id, JSON.stringify(input.supplyPoints)],
    },
  ] satisfies Statement[])) as [unknown[]];
  if (updated.length === 0) throw new Conflict(advisoryAdminMessages.liftedNotEditable);
  return true;
}

/** Only a draft goes away: what the public saw stays, lifted, in the history. */
export async function deleteAdvisory(db: Database, admin: SignedInAdmin, id: string): Promise<boolean> {
  const state = await advisoryState(db, id);
  if (!state) return false;
  await deleteDraft(db, admin, advisoryTables, id, { words: state.words, notDraft: advisoryAdminMessages.notDraft });
  return true;
}
