import { advisoryKindLabels, type AdvisoryKind } from '../../shared/advisories/schema.ts';
import type {
  ConsumptionAnswer,
  ConsumptionEvent,
  ConsumptionLookup,
  ConsumptionPeriod,
} from '../../shared/consumption/schema.ts';
import { consumptionMessages, eventTexts } from '../../shared/consumption/texts.ts';
import { waitText } from '../../shared/time/wait-text.ts';
import { aysenOffsetMinutes, chileDate } from '../../shared/time/wall-clock.ts';
import { accessStatement } from '../audit.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { NotFound, Throttled } from '../errors.ts';
import { lookUp } from '../throttle/throttle.ts';
import { consumptionCounters } from '../throttle/uses.ts';
import { explainBill } from './explanation.ts';

/**
 * Mi consumo's look-up (docs/features/consumption.md): a service number and its holder's RUT open
 * that service's last periods, why its last bill changed, and what the site's own records show in
 * its town meanwhile; never the holder's name, RUT or contact data. A wrong RUT and an unknown
 * number are one answer, and an account without a RUT on file is never found: consumption shows
 * when a home stands empty, so the number printed on the bill is not enough. A failed look-up is
 * throttled per client group and per service (throttle/uses.ts), in the same round trip.
 */

/** What the site published in the service's town: an outage, or an aviso (freezing risk apart). */
interface TownEvent {
  source: 'corte' | 'aviso';
  /** The outage's kind (programado, emergencia) or the aviso's (hervir, congelamiento…). */
  detail: string;
  town: string;
  sectors: string;
  starts_at: string;
}

interface Found {
  periods: ConsumptionPeriod[];
  events: TownEvent[];
}

/**
 * The service's periods and, during its last one (its reading days, on Aysén's clock), the outages
 * and avisos published in its town; with `rut`, only if it is the holder's on file. Its parameters
 * are numbered from `first` ($3 inside `lookUp`'s statement).
 */
function consumptionRead(serviceNumber: string, rut: string | undefined, now: Date, first: number): Statement {
  const [service, offset, holder] = [0, 1, 2].map((index) => `$${first + index}`);
  return {
    text: `WITH last AS (
           SELECT (p.read_from::timestamp - make_interval(mins => ${offset}::int)) AT TIME ZONE 'UTC' AS since,
             ((p.read_to + 1)::timestamp - make_interval(mins => ${offset}::int)) AT TIME ZONE 'UTC' AS until
           FROM consumption_periods p WHERE p.service_number = ${service}
           ORDER BY p.period DESC LIMIT 1
         )
         SELECT
           coalesce((SELECT jsonb_agg(to_jsonb(p) - 'service_number' - 'imported_at' ORDER BY p.period)
                     FROM consumption_periods p WHERE p.service_number = a.service_number), '[]'::jsonb) AS periods,
           coalesce((SELECT jsonb_agg(e ORDER BY e.starts_at) FROM (
               SELECT 'corte' AS source, o.kind AS detail, t.name AS town, o.sectors, ${isoTime('o.starts_at')} AS starts_at
               FROM outages o JOIN outage_towns t ON t.slug = o.town, last
               WHERE o.town = a.locality AND o.status IN ('publicado', 'en_curso', 'restablecido')
                 AND o.starts_at < last.until AND o.ends_at > last.since
               UNION ALL
               SELECT 'aviso', v.kind, t.name, v.sectors, ${isoTime('v.starts_at')}
               FROM advisories v JOIN advisory_towns vt ON vt.advisory_id = v.id JOIN outage_towns t ON t.slug = vt.town, last
               WHERE vt.town = a.locality AND v.status IN ('publicado', 'levantado')
                 AND v.starts_at < last.until AND coalesce(v.lifted_at, v.ends_at, 'infinity') > last.since
             ) e), '[]'::jsonb) AS events
         FROM accounts a WHERE a.service_number = ${service}${rut === undefined ? '' : ` AND a.holder_rut = ${holder}`}`,
    // Aysén's offset from UTC at this instant, in minutes: the database's zone data is not relied on.
    params: [serviceNumber, aysenOffsetMinutes(now.getTime()), ...(rut === undefined ? [] : [rut])],
  };
}

const eventOf = ({ source, detail, town, sectors, starts_at }: TownEvent): ConsumptionEvent => {
  const date = chileDate(new Date(starts_at));
  if (source === 'corte')
    return { kind: 'corte', title: eventTexts.outageTitle(detail, town, sectors), date, text: eventTexts.outage };
  const kind = detail as AdvisoryKind;
  return kind === 'congelamiento'
    ? { kind: 'congelamiento', title: advisoryKindLabels[kind], date, text: eventTexts.freezing }
    : { kind: 'aviso', title: advisoryKindLabels[kind], date, text: eventTexts.advisory };
};

/** The answer for the periods and events read: the history, its two explanations, the events. */
const consumptionAnswer = ({ periods, events }: Found): ConsumptionAnswer => ({
  periods,
  ...explainBill(periods),
  events: events.map(eventOf),
});

/** POST /api/consumo and /consumo's form: the holder's view of one service, or NotFound, or Throttled. */
export async function lookUpConsumption(
  db: Database,
  { service_number, rut }: ConsumptionLookup,
  address: string,
  now = new Date(),
): Promise<ConsumptionAnswer> {
  const lookup = await lookUp<Found>(
    db,
    await consumptionCounters(service_number, address),
    consumptionRead(service_number, rut, now, 3),
  );
  if (lookup.kind === 'wait')
    throw new Throttled(consumptionMessages.throttled(waitText(lookup.seconds)), lookup.seconds);
  if (lookup.kind === 'missing') throw new NotFound(consumptionMessages.notFound, 'rut');
  return consumptionAnswer(lookup.row);
}

/**
 * Cuentas' view of a service for `admin` (phone and counter work): no RUT asked, nothing throttled;
 * the look is audited in the read's own transaction, so nothing is read without its row.
 */
export async function staffConsumption(
  db: Database,
  serviceNumber: string,
  admin: { id: string; email: string },
  now = new Date(),
): Promise<ConsumptionAnswer> {
  const [, [row]] = (await db.batch([
    accessStatement(
      {
        admin,
        action: 'view',
        entity: 'consumption',
        entityId: serviceNumber,
        summary: `Consumo del servicio ${serviceNumber}`,
      },
      // A number no account has was no look at anyone's data.
      'EXISTS (SELECT FROM accounts WHERE service_number = $5)',
    ),
    consumptionRead(serviceNumber, undefined, now, 1),
  ])) as [unknown[], Found[]];
  if (!row) throw new NotFound(consumptionMessages.serviceNotFound);
  return consumptionAnswer(row);
}
