import { randomUUID } from 'node:crypto';
import {
  AVERAGE_READINGS,
  CONSUMPTION_PATH,
  MIN_AVERAGE_READINGS,
  WARNING_EXCESS_M3,
  WARNING_OPT_OUT_PATH,
  WARNING_RATIO,
  warningMessages,
  type ConsumptionWarning,
} from '../../shared/consumption/warnings.ts';
import { site } from '../../shared/site.ts';
import { leakTestSteps, m3Figure } from '../../shared/consumption/texts.ts';
import { longMonth } from '../../shared/time/long-date.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { NotFound } from '../errors.ts';
import { hashToken, newToken } from '../link-tokens.ts';
import { deployContext } from '../mail/context.ts';
import { MAX_BATCH_MAILS, oneClickUnsubscribe } from '../mail/mail.ts';
import { blockedMailbox } from '../mail/mailbox.ts';
import { blockedService } from '../rights/blocks.ts';

/**
 * The warning before a high bill (docs/features/consumption.md). The readings import calls
 * `warnHighConsumption` with the periods it wrote; each one far above the service's usual is
 * warned once: a row of consumption_warnings, and a mail through the outbox (its retries) to the
 * account's contact e-mail unless the holder opted out or a bloqueo or oposición of the rights
 * desk marks that mailbox (the one rule of mail/mailbox.ts), the service or its holder's RUT
 * (rights/blocks.ts). The row is written even when no mail can go, with the reason, for staff to
 * see at Cuentas.
 */

/** A period written by an import, as the import answers it. */
export interface WrittenPeriod {
  service_number: string;
  period: string;
}

/** A period over the threshold: its m³ and the real readings it was compared with. */
interface Candidate {
  service_number: string;
  period: string;
  consumption_m3: number;
  /** The sum of the m³ of the `readings` real readings before it: the average is total / readings. */
  total: number;
  readings: number;
}

/**
 * The written periods over the threshold and not yet warned. The comparison is in whole m³
 * (m³ × readings against the readings' sum), so the edges (exactly twice, exactly 10 m³ more) are
 * exact, never a rounded average. Only `real` readings make the usual: an estimated one is the
 * billing system's guess, and one the customer read is not checked by the utility.
 */
const candidates = (db: Database, written: WrittenPeriod[]) =>
  db.query<Candidate>(
    `SELECT p.service_number, p.period, p.consumption_m3, h.total, h.readings
     FROM (SELECT DISTINCT * FROM unnest($1::text[], $2::text[]) AS w(service_number, period)) w
     JOIN consumption_periods p ON p.service_number = w.service_number AND p.period = w.period
     CROSS JOIN LATERAL (
       SELECT coalesce(sum(r.consumption_m3), 0)::int AS total, count(*)::int AS readings FROM (
         SELECT q.consumption_m3 FROM consumption_periods q
         WHERE q.service_number = p.service_number AND q.period < p.period AND q.reading_type = 'real'
         ORDER BY q.period DESC LIMIT $3) r) h
     WHERE h.readings >= $4
       AND p.consumption_m3 * h.readings >= $5 * h.total
       AND p.consumption_m3 * h.readings >= h.total + $6 * h.readings
       AND NOT EXISTS (SELECT 1 FROM consumption_warnings c
                       WHERE c.service_number = p.service_number AND c.period = p.period)
     ORDER BY p.service_number, p.period`,
    [
      written.map(({ service_number }) => service_number),
      written.map(({ period }) => period),
      AVERAGE_READINGS,
      MIN_AVERAGE_READINGS,
      WARNING_RATIO,
      WARNING_EXCESS_M3,
    ],
  );

const averageOf = ({ total, readings }: Candidate) => Math.round((total / readings) * 10) / 10;

/**
 * SQL: the outbox reference of the mail of the warning `row` (a row of consumption_warnings), one
 * per service and period like the warning itself: CSM-100001-2026-11.
 */
export const warningReferenceOf = (row: string) => `'CSM-' || ${row}.service_number || '-' || ${row}.period`;

const warningSubject = (candidate: Pick<Candidate, 'service_number' | 'period'>) =>
  `Aviso de consumo alto: servicio ${candidate.service_number}, ${longMonth(candidate.period)}`;

/** The mail: the m³, the comparison, the leak test, /consumo and the opt-out link; no sign-in anywhere. */
function warningText(candidate: Candidate, origin: string, optOutToken: string): string {
  const average = averageOf(candidate);
  const excess = Math.round((candidate.consumption_m3 - average) * 10) / 10;
  return [
    'Hola:',
    '',
    `La lectura del medidor del servicio ${candidate.service_number} para el período de ${longMonth(candidate.period)} registró ${m3Figure(candidate.consumption_m3)} m³.`,
    `Es más del doble de su consumo habitual: el promedio de sus últimas ${candidate.readings} lecturas reales es de ${m3Figure(average)} m³, es decir, ${m3Figure(excess)} m³ más.`,
    '',
    'Le avisamos antes de que llegue la boleta porque un consumo así puede deberse a una fuga. Para comprobarlo:',
    // The leak test as /consumo tells it.
    ...leakTestSteps.map((step, index) => `${index + 1}. ${step}`),
    '',
    'Su historial de consumo y por qué cambió su boleta, con el número de servicio y el RUT del titular:',
    `${origin}${CONSUMPTION_PATH}`,
    '',
    site.name,
    `Recibe este correo porque es el correo de contacto del servicio ${candidate.service_number}. Para no recibir más avisos de consumo alto de este servicio:`,
    `${origin}${WARNING_OPT_OUT_PATH}?token=${optOutToken}`,
  ].join('\n');
}

/**
 * One warning: the row, then its mail only if the row was new (ON CONFLICT on the key), so two
 * imports at once warn once. The account's contact, its opt-out and the bloqueos are read in the
 * statement itself: an opt-out or a bloqueo made while the import ran is honoured. When the phone
 * alerts come, their channel is a second decision beside `decided` (contact_phone, its own
 * opt-out) and its own columns in the row.
 */
function warningStatement(candidate: Candidate, origin: string, warnedAt: string, batchId: string): Statement {
  const token = newToken();
  return {
    text: `WITH account AS (
             SELECT a.service_number, nullif(btrim(a.contact_email), '') AS email,
               EXISTS (SELECT 1 FROM consumption_warning_opt_outs o WHERE o.service_number = a.service_number) AS opted_out,
               ${blockedService('a.service_number', 'a.holder_rut')} AS blocked
             FROM accounts a WHERE a.service_number = $1),
           decided AS (
             SELECT service_number, email,
               CASE WHEN email IS NULL THEN 'sin-correo' WHEN opted_out THEN 'baja'
                    WHEN blocked OR ${blockedMailbox('account.email')} THEN 'bloqueo' END AS not_sent
             FROM account),
           warned AS (
             INSERT INTO consumption_warnings (service_number, period, consumption_m3, average_m3, readings, email,
               email_not_sent, opt_out_token_hash, warned_at)
             SELECT service_number, $2, $3, round($4::numeric / $5, 1), $5,
               CASE WHEN not_sent IS NULL THEN email END, not_sent, CASE WHEN not_sent IS NULL THEN $6 END, $7
             FROM decided
             ON CONFLICT (service_number, period) DO NOTHING
             RETURNING service_number, period, email),
           mailed AS (
             INSERT INTO outbox (reference, recipient, subject, body, context, batch_id, list_unsubscribe)
             SELECT ${warningReferenceOf('warned')}, email, $8, $9, $10, $11, $12 FROM warned WHERE email IS NOT NULL
             RETURNING 1)
           SELECT (SELECT count(*) FROM warned)::int AS warned, (SELECT count(*) FROM mailed)::int AS mailed`,
    params: [
      candidate.service_number,
      candidate.period,
      candidate.consumption_m3,
      candidate.total,
      candidate.readings,
      hashToken(token),
      warnedAt,
      warningSubject(candidate),
      warningText(candidate, origin, token),
      deployContext(),
      batchId,
      oneClickUnsubscribe(origin, WARNING_OPT_OUT_PATH, token),
    ],
  };
}

/**
 * Warns the written periods over the threshold (shared/consumption/warnings.ts), once each, and
 * answers how many were warned and how many of those were mailed. Every warning of one call
 * shares its `warned_at`: Cuentas groups them by import. `origin` is the site's address
 * (config.siteAddress), which the mail's links start with. The mails of one batch share a batch
 * id: the outbox sends them in one request.
 */
export async function warnHighConsumption(
  db: Database,
  written: WrittenPeriod[],
  origin: string,
): Promise<{ warned: number; mailed: number }> {
  const found = written.length > 0 ? await candidates(db, written) : [];
  const warnedAt = new Date().toISOString();
  const done = { warned: 0, mailed: 0 };
  for (let start = 0; start < found.length; start += MAX_BATCH_MAILS) {
    const batchId = randomUUID();
    const results = (await db.batch(
      found
        .slice(start, start + MAX_BATCH_MAILS)
        .map((candidate) => warningStatement(candidate, origin, warnedAt, batchId)),
    )) as { warned: number; mailed: number }[][];
    for (const [row] of results) {
      done.warned += row!.warned;
      done.mailed += row!.mailed;
    }
  }
  return done;
}

/**
 * The opt-out of a warning's link: that service gets no more warnings (its rows are still
 * written, with the reason, for staff). Opting out again is no change and answers the same; a
 * token of no warning is NotFound.
 */
export async function optOutOfWarnings(db: Database, token: string): Promise<void> {
  const [row] = await db.query<{ found: boolean }>(
    `WITH warning AS (SELECT service_number FROM consumption_warnings WHERE opt_out_token_hash = $1),
     opted AS (
       INSERT INTO consumption_warning_opt_outs (service_number) SELECT service_number FROM warning
       ON CONFLICT (service_number) DO NOTHING RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM warning) AS found`,
    [hashToken(token)],
  );
  if (!row!.found) throw new NotFound(warningMessages.invalidLink);
}

const WARNING_COLUMNS = `service_number, period, consumption_m3, average_m3::float8 AS average_m3, readings,
  email IS NOT NULL AS sent, email_not_sent AS not_sent, ${isoTime('warned_at')} AS warned_at`;

/** The most warnings Cuentas lists: a few imports' worth. */
const WARNINGS_LISTED = 500;

/** Cuentas: the warnings of the last imports, the most recent import first, then by service. */
export const listWarnings = (db: Database, limit = WARNINGS_LISTED) =>
  db.query<ConsumptionWarning>(
    `SELECT ${WARNING_COLUMNS} FROM consumption_warnings ORDER BY warned_at DESC, service_number, period LIMIT $1`,
    [limit],
  );

/**
 * The rights desk's source of the warnings (rights/subject.ts, search.ts), as a relation of SQL:
 * one row per warning, and one per service its holder opted out (`kind` 'baja', its `period`
 * NULL), which stays with the account after its warnings have gone (retention), so the holder's
 * copy of their data has it even then.
 */
export const warningRecords = `(
  SELECT 'aviso' AS kind, w.service_number, w.period, w.consumption_m3, w.average_m3, w.readings, w.email,
    w.email_not_sent, w.warned_at, NULL::timestamptz AS opted_out_at
  FROM consumption_warnings w
  UNION ALL
  SELECT 'baja', o.service_number, NULL, NULL, NULL, NULL, NULL, NULL, NULL, o.opted_out_at
  FROM consumption_warning_opt_outs o)`;
