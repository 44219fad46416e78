import { restrictionLevelRules, type PublicAdvisory } from '../../shared/advisories/schema.ts';
import {
  advisoryCapType,
  capCancelProfile,
  capProfiles,
  outageCapType,
  type CapCategory,
  type CapCertainty,
  type CapResponseType,
  type CapSeverity,
  type CapType,
  type CapUrgency,
} from '../../shared/cap/mapping.ts';
import { advisoryTitle } from '../../shared/advisories/words.ts';
import { capTexts } from '../../shared/cap/texts.ts';
import { spanishList } from '../../shared/spanish-list.ts';
import { outageTitle } from '../../shared/outages/format.ts';
import { chileMinute } from '../../shared/time/format.ts';
import type { OutageTown, PublicOutage, SupplyPoint } from '../../shared/outages/schema.ts';
import { capExpiry } from './time.ts';
import { aysenIso } from '../../shared/time/wall-clock.ts';

/** A notice row: when it was written (ISO 8601, UTC, whole seconds) and, for an update, its text. */
export interface CapNotice {
  id: string;
  kind: 'published' | 'update' | 'closed' | 'lifted';
  sentAt: string;
  updateBody: string | null;
}

export type CapMsgType = 'Alert' | 'Update' | 'Cancel';

export interface CapInfo {
  category: CapCategory;
  event: string;
  responseType: CapResponseType;
  urgency: CapUrgency;
  severity: CapSeverity;
  certainty: CapCertainty;
  /** Absent from a Cancel: what it ends has begun or will not. */
  onset?: string | undefined;
  expires: string;
  headline: string;
  description: string;
  instruction?: string | undefined;
  web: string;
  area: { areaDesc: string; circles: string[] };
}

/**
 * The `<info>` of a message: the type's profile (src/shared/cap/mapping.ts), and what the public
 * reads, from the outage or notice as it is now and the notice row's own update text.
 */

/**
 * A town's area: a circle of this radius around its point (outage_towns), wide enough for the
 * largest town's urban area (Coyhaique's is about 6 km across). The sectors are not mapped, so
 * the circle names the town and areaDesc the sectors.
 */
export const TOWN_RADIUS_KM = 3;

/**
 * CAP 1.2 (3.2.2, headline) calls 160 characters "a useful target limit"; Google's Public Alerts
 * ask for under 140, which a phone's alert shows whole.
 */
const HEADLINE_MAX = 140;

/** CAP's "lat,lon radius" (WGS 84, latitude first), to a micro-degree. */
const circle = (town: Pick<OutageTown, 'latitude' | 'longitude'>): string =>
  `${Math.round(town.latitude * 1e6) / 1e6},${Math.round(town.longitude * 1e6) / 1e6} ${TOWN_RADIUS_KM}`;

const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, '; ');
const headline = (text: string): string => {
  const line = oneLine(text);
  return line.length <= HEADLINE_MAX ? line : `${line.slice(0, HEADLINE_MAX - 1).trimEnd()}…`;
};
const lines = (...parts: (string | false | null | undefined)[]): string => parts.filter(Boolean).join('\n');
const supplyLines = (points: readonly SupplyPoint[]): string[] =>
  points.map((point) => capTexts.supplyPoint(point.name, point.address, point.hours));

const profileOf = (type: CapType, msgType: CapMsgType) =>
  msgType === 'Cancel' ? { ...capProfiles[type], ...capCancelProfile } : capProfiles[type];

/** An outage's message: its town's circle; a Cancel says whether it was restored or called off. */
export function outageInfo(
  outage: PublicOutage,
  town: OutageTown,
  notice: CapNotice,
  msgType: CapMsgType,
  origin: string,
): CapInfo {
  const cancel = msgType === 'Cancel';
  const restored = outage.status === 'restablecido';
  const texts = capTexts.outage;
  const place = [
    texts.town(outage.townName),
    texts.sectors(outage.sectors),
    outage.streets && texts.streets(outage.streets),
  ];
  const title = outageTitle(outage);
  const closedAt = chileMinute(notice.sentAt);
  return {
    ...profileOf(outageCapType(outage.kind), msgType),
    onset: cancel ? undefined : aysenIso(outage.startsAt),
    expires: capExpiry(notice.sentAt, outage.endsAt, cancel),
    headline: headline(
      cancel
        ? (restored ? texts.restored : texts.cancelled)(outage.townName, outage.sectors)
        : msgType === 'Update'
          ? capTexts.update(title)
          : title,
    ),
    description: cancel
      ? lines(restored ? texts.restoredAt(closedAt) : texts.cancelledAt(closedAt), ...place)
      : lines(
          ...place,
          texts.start(chileMinute(outage.startsAt)),
          texts.end(chileMinute(outage.endsAt)),
          outage.cause && texts.cause(outage.cause),
          notice.updateBody && capTexts.updateAt(chileMinute(notice.sentAt), notice.updateBody),
        ),
    instruction: cancel
      ? restored
        ? texts.afterRestore
        : undefined
      : lines(texts.prepare[outage.kind], ...supplyLines(outage.supplyPoints)),
    web: `${origin}/cortes#corte-${outage.id}`,
    area: { areaDesc: oneLine(`${outage.townName}: ${outage.sectors}`), circles: [circle(town)] },
  };
}

/** A notice's message: a circle per town; its instructions, a restriction's level rule, its supply points. */
export function advisoryInfo(
  advisory: PublicAdvisory,
  notice: CapNotice,
  msgType: CapMsgType,
  origin: string,
): CapInfo {
  const cancel = msgType === 'Cancel';
  const texts = capTexts.advisory;
  const level = advisory.restrictionLevel;
  const towns = spanishList(advisory.towns.map((town) => town.name));
  const title = advisoryTitle(advisory);
  const place = [texts.towns(towns), advisory.sectors && texts.sectors(advisory.sectors)];
  return {
    ...profileOf(advisoryCapType(advisory.kind, level), msgType),
    onset: cancel ? undefined : aysenIso(advisory.startsAt),
    expires: capExpiry(notice.sentAt, advisory.endsAt, cancel),
    headline: headline(cancel ? texts.lifted(title) : msgType === 'Update' ? capTexts.update(title) : title),
    description: cancel
      ? lines(texts.liftedAt(chileMinute(notice.sentAt)), advisory.liftMessage, ...place)
      : lines(
          ...place,
          texts.since(chileMinute(advisory.startsAt)),
          advisory.endsAt ? texts.expectedEnd(chileMinute(advisory.endsAt)) : texts.noEnd,
          notice.updateBody && capTexts.updateAt(chileMinute(notice.sentAt), notice.updateBody),
        ),
    instruction: cancel
      ? undefined
      : lines(advisory.instructions, level && restrictionLevelRules[level], ...supplyLines(advisory.supplyPoints)),
    web: `${origin}/avisos/${advisory.id}`,
    area: {
      areaDesc: oneLine(advisory.sectors ? `${towns}: ${advisory.sectors}` : towns),
      circles: advisory.towns.map(circle),
    },
  };
}
