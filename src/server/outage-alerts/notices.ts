import { isoTime, type Database } from '../db/index.ts';
import { advisoryAlertSubject, advisoryAlertText, type AdvisoryNoticeRow } from './advisory-mail.ts';
import { alertSubject, alertText, type NoticeRow } from './alert-mail.ts';
import { advisoryPhoneAlert, outagePhoneAlert } from './phone-alerts.ts';
import type { PhoneAlert } from './phone-text.ts';

/**
 * What the alerts mail: the notices of cortes (outage_notices, one town each) and of avisos
 * (advisory_notices, one or more towns), each written by the staff step it tells. Both wait in
 * one queue, oldest first, and each has its own table of alerts sent, so a subscriber is told each
 * notice once whichever of its towns they chose.
 */

/** Each kind of notice: its table, its alerts' table and the prefix of its mails' reference. */
export const noticeSources = {
  outage: { notices: 'outage_notices', alerts: 'outage_alerts', reference: 'COR' },
  advisory: { notices: 'advisory_notices', alerts: 'advisory_alerts', reference: 'AVI' },
} as const;
export type NoticeSource = keyof typeof noticeSources;

export interface PendingNotice {
  source: NoticeSource;
  id: string;
}

/** One pending notice, ready to mail: the towns whose subscribers get it, and its mail. */
export interface Letter {
  towns: string[];
  subject: string;
  text: (origin: string, unsubscribeToken: string) => string;
  /** What a phone is told (phone-text.ts). */
  phone: (origin: string) => PhoneAlert;
}

/** Whether a notice of either kind is not done yet: what `outage-alerts` records for its next run. */
export const noticesPending = (db: Database) =>
  db
    .query<{ pending: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM outage_notices WHERE done_at IS NULL)
           OR EXISTS (SELECT 1 FROM advisory_notices WHERE done_at IS NULL) AS pending`,
    )
    .then(([row]) => row?.pending ?? false);

/** The notices not done yet of both kinds, oldest first (the steps' order), at most `limit`. */
export const pendingNotices = (db: Database, limit: number) =>
  db
    .query<PendingNotice>(
      `SELECT source, id FROM (
       SELECT 'outage' AS source, id, created_at FROM outage_notices WHERE done_at IS NULL
       UNION ALL SELECT 'advisory', id, created_at FROM advisory_notices WHERE done_at IS NULL
     ) pending ORDER BY created_at, source, id LIMIT $1`,
      [limit],
    )
    .then((rows) => rows.map((row) => ({ source: row.source, id: String(row.id) })));

async function outageLetter(db: Database, id: string): Promise<Letter | undefined> {
  const [notice] = await db.query<NoticeRow>(
    `SELECT n.id::text AS id, o.id::text AS outage_id, n.kind, u.body AS update_body, o.kind AS outage_kind, o.town, t.name AS town_name,
       o.sectors, ${isoTime('o.starts_at')} AS starts_at, ${isoTime('o.ends_at')} AS ends_at, o.status
     FROM outage_notices n
     JOIN outages o ON o.id = n.outage_id
     JOIN outage_towns t ON t.slug = o.town
     LEFT JOIN outage_updates u ON u.id = n.update_id
     WHERE n.id = $1`,
    [id],
  );
  return (
    notice && {
      towns: [notice.town],
      subject: alertSubject(notice),
      text: (origin, token) => alertText(notice, origin, token),
      phone: (origin) => outagePhoneAlert(notice, origin),
    }
  );
}

async function advisoryLetter(db: Database, id: string): Promise<Letter | undefined> {
  // json_agg travels as text: the pg and Neon drivers would otherwise parse it differently.
  const [notice] = await db.query<
    Omit<AdvisoryNoticeRow, 'supply_points'> & { towns: string[]; supply_points: string }
  >(
    `SELECT n.id::text AS id, n.kind, u.body AS update_body, a.id::text AS advisory_id, a.kind AS advisory_kind,
       a.restriction_level, a.sectors, ${isoTime('a.starts_at')} AS starts_at, ${isoTime('a.ends_at')} AS ends_at,
       a.instructions, a.lift_message, ${isoTime('a.lifted_at')} AS lifted_at,
       coalesce(towns.slugs, '{}') AS towns, coalesce(towns.names, '{}') AS town_names,
       coalesce((SELECT json_agg(json_build_object('name', p.name, 'address', p.address, 'hours', p.hours) ORDER BY p.id)
                 FROM advisory_supply_points p WHERE p.advisory_id = a.id), '[]')::text AS supply_points
     FROM advisory_notices n
     JOIN advisories a ON a.id = n.advisory_id
     LEFT JOIN advisory_updates u ON u.id = n.update_id
     LEFT JOIN LATERAL (
       SELECT array_agg(t.slug ORDER BY t.position, t.name) AS slugs, array_agg(t.name ORDER BY t.position, t.name) AS names
       FROM advisory_towns at JOIN outage_towns t ON t.slug = at.town WHERE at.advisory_id = a.id
     ) towns ON true
     WHERE n.id = $1`,
    [id],
  );
  if (!notice) return undefined;
  const row: AdvisoryNoticeRow = { ...notice, supply_points: JSON.parse(notice.supply_points) };
  return {
    towns: notice.towns,
    subject: advisoryAlertSubject(row),
    text: (origin, token) => advisoryAlertText(row, origin, token),
    phone: (origin) => advisoryPhoneAlert(row, origin),
  };
}

/** The letter of a pending notice; undefined when it is gone (its outage or aviso deleted meanwhile). */
export const letterOf = (db: Database, { source, id }: PendingNotice): Promise<Letter | undefined> =>
  source === 'outage' ? outageLetter(db, id) : advisoryLetter(db, id);
