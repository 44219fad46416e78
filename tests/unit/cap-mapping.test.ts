import { describe, expect, it } from 'vitest';
import {
  advisoryKinds,
  healthKinds,
  restrictionLevelRules,
  type AdvisoryKind,
  type PublicAdvisory,
  type RestrictionLevel,
} from '../../src/shared/advisories/schema.ts';
import { capProfiles } from '../../src/shared/cap/mapping.ts';
import { outageKinds, type OutageKind, type PublicOutage } from '../../src/shared/outages/schema.ts';
import {
  capIdentifier,
  capIssuer,
  capMessages,
  parseCapIdentifier,
  type CapSource,
} from '../../src/server/cap/messages.ts';
import type { CapNotice } from '../../src/server/cap/info.ts';
import { aysenIso } from '../../src/shared/time/wall-clock.ts';

/**
 * The CAP mapping of each type (src/shared/cap/mapping.ts), as the README's table states it, and
 * the rules every message follows: msgType, references, times, expiry, area.
 */

const issuer = capIssuer('https://www.aguas.example');
const coyhaique = { slug: 'coyhaique', name: 'Coyhaique', latitude: -45.5712, longitude: -72.0685 };
const balmaceda = { slug: 'balmaceda', name: 'Balmaceda', latitude: -45.9167, longitude: -71.6939 };

const anOutage = (kind: OutageKind, over: Partial<PublicOutage> = {}): CapSource => ({
  entity: 'corte',
  town: coyhaique,
  outage: {
    id: '12',
    kind,
    town: 'coyhaique',
    townName: 'Coyhaique',
    sectors: 'Villa Los Ñires',
    streets: '',
    startsAt: '2026-03-05T12:00:00Z',
    endsAt: '2026-03-05T16:00:00Z',
    cause: '',
    status: 'publicado',
    updatedAt: '2026-03-02T12:00:00Z',
    updates: [],
    supplyPoints: [],
    ...over,
  },
});

const anAdvisory = (
  kind: AdvisoryKind,
  restrictionLevel: RestrictionLevel | null = null,
  over: Partial<PublicAdvisory> = {},
): CapSource => ({
  entity: 'aviso',
  advisory: {
    id: '7',
    kind,
    restrictionLevel,
    towns: [coyhaique, balmaceda],
    sectors: '',
    startsAt: '2026-07-01T12:00:00Z',
    endsAt: '2026-07-03T12:00:00Z',
    instructions: 'Siga las indicaciones.',
    liftMessage: 'Ya puede usar el agua con normalidad.',
    status: 'publicado',
    publishedAt: '2026-07-01T12:00:00Z',
    liftedAt: null,
    updatedAt: '2026-07-01T12:00:00Z',
    updates: [],
    supplyPoints: [],
    ...over,
  },
});

const notice = (id: string, kind: CapNotice['kind'], sentAt: string, updateBody: string | null = null): CapNotice => ({
  id,
  kind,
  sentAt,
  updateBody,
});

const published = [notice('1', 'published', '2026-03-02T12:00:00Z')];
const infoOf = (source: CapSource, notices = published) => capMessages(source, notices, issuer).at(-1)!.info;

const row = (
  category: string,
  event: string,
  urgency: string,
  severity: string,
  certainty: string,
  responseType: string,
) => ({ category, event, urgency, severity, certainty, responseType });

/** The README's table: an independent copy, so a change to the mapping is a change to this test. */
const outageTable: Record<OutageKind, ReturnType<typeof row>> = {
  programado: row('Infra', 'Corte de agua programado', 'Future', 'Minor', 'Likely', 'Prepare'),
  emergencia: row('Infra', 'Corte de agua de emergencia', 'Immediate', 'Moderate', 'Observed', 'Monitor'),
};
const advisoryTable: [AdvisoryKind, RestrictionLevel | null, ReturnType<typeof row>][] = [
  ['hervir', null, row('Health', 'Hervir el agua antes de consumirla', 'Immediate', 'Severe', 'Likely', 'Execute')],
  ['no-beber', null, row('Health', 'No beber el agua de la red', 'Immediate', 'Severe', 'Likely', 'Avoid')],
  ['no-usar', null, row('Health', 'No usar el agua de la red', 'Immediate', 'Extreme', 'Likely', 'Avoid')],
  ['turbiedad', null, row('Health', 'Agua con turbiedad', 'Immediate', 'Moderate', 'Observed', 'Avoid')],
  ['restriccion', 1, row('Infra', 'Restricción de uso del agua', 'Expected', 'Minor', 'Observed', 'Execute')],
  ['restriccion', 2, row('Infra', 'Restricción de uso del agua', 'Expected', 'Minor', 'Observed', 'Execute')],
  ['restriccion', 3, row('Infra', 'Restricción de uso del agua', 'Expected', 'Moderate', 'Observed', 'Execute')],
  ['restriccion', 4, row('Infra', 'Restricción de uso del agua', 'Expected', 'Severe', 'Observed', 'Execute')],
  ['congelamiento', null, row('Infra', 'Riesgo de congelamiento', 'Expected', 'Moderate', 'Likely', 'Prepare')],
];
const cancelled = { urgency: 'Past', severity: 'Minor', certainty: 'Observed', responseType: 'AllClear' };

describe('the mapping of each type', () => {
  it.each(outageKinds)('an outage %s', (kind) => {
    expect(infoOf(anOutage(kind))).toMatchObject(outageTable[kind]);
  });

  it.each(advisoryTable)('a notice %s (level %s)', (kind, level, expected) => {
    expect(infoOf(anAdvisory(kind, level))).toMatchObject(expected);
  });

  it.each(outageKinds)('a restored or called-off %s outage is a Cancel of the same event, no action needed', (kind) => {
    const closing = [...published, notice('2', 'closed', '2026-03-05T17:00:00Z')];
    expect(infoOf(anOutage(kind, { status: 'restablecido' }), closing)).toMatchObject({
      ...outageTable[kind],
      ...cancelled,
    });
  });

  it.each(advisoryTable)(
    'a lifted %s (level %s) is a Cancel of the same event, no action needed',
    (kind, level, expected) => {
      const lifting = [...published, notice('2', 'lifted', '2026-07-02T12:00:00Z')];
      expect(infoOf(anAdvisory(kind, level, { status: 'levantado' }), lifting)).toMatchObject({
        ...expected,
        ...cancelled,
      });
    },
  );

  it('covers every outage kind, every notice kind and every restriction level, nothing else', () => {
    const types = [
      ...outageKinds.map((kind) => `corte-${kind}`),
      ...advisoryTable.map(([kind, level]) => (level ? `${kind}-${level}` : kind)),
    ];
    expect(types.sort()).toEqual(Object.keys(capProfiles).sort());
    expect(new Set(advisoryTable.map(([kind]) => kind))).toEqual(new Set(advisoryKinds));
  });

  it('is Health exactly for the kinds about the water’s safety (healthKinds)', () => {
    for (const [kind, level] of advisoryTable)
      expect(infoOf(anAdvisory(kind, level)).category === 'Health', kind).toBe(healthKinds.includes(kind));
  });

  it('gives events shorter than 35 characters and no Unknown (Google Public Alerts)', () => {
    for (const profile of Object.values(capProfiles)) {
      expect(profile.event.length).toBeLessThan(35);
      expect(Object.values(profile)).not.toContain('Unknown');
    }
  });

  it('instructs a restriction with its level’s rule, and names the supply points', () => {
    const point = { name: 'Estanque', address: 'Plaza 1', latitude: -45.57, longitude: -72.06, hours: '9 a 18' };
    for (const level of [1, 2, 3, 4] as const) {
      const info = infoOf(anAdvisory('restriccion', level, { supplyPoints: [point] }));
      expect(info.instruction).toBe(
        `Siga las indicaciones.\n${restrictionLevelRules[level]}\nPunto de abastecimiento: Estanque, Plaza 1 (9 a 18)`,
      );
      expect(info.headline).toBe(`Restricción de uso del agua (nivel ${level}) en Coyhaique y Balmaceda`);
    }
  });
});

describe('every message', () => {
  const history = [
    notice('1', 'published', '2026-03-02T12:00:00Z'),
    notice('4', 'update', '2026-03-05T13:00:07.500Z', 'Cuadrillas en terreno.'),
    notice('9', 'update', '2026-03-05T14:00:00Z', 'Se adelanta la reposición.'),
    notice('11', 'closed', '2026-03-05T15:00:00Z'),
  ];
  const messages = capMessages(anOutage('emergencia', { status: 'restablecido' }), history, issuer);

  it('is an Alert first, then Updates, a Cancel on closing, each referencing every earlier one', () => {
    expect(messages.map((message) => [message.identifier, message.msgType])).toEqual([
      ['corte-12-1', 'Alert'],
      ['corte-12-4', 'Update'],
      ['corte-12-9', 'Update'],
      ['corte-12-11', 'Cancel'],
    ]);
    expect(messages.map((message) => message.references)).toEqual([
      [],
      ['www.aguas.example,corte-12-1,2026-03-02T09:00:00-03:00'],
      [
        'www.aguas.example,corte-12-1,2026-03-02T09:00:00-03:00',
        'www.aguas.example,corte-12-4,2026-03-05T10:00:07-03:00',
      ],
      [
        'www.aguas.example,corte-12-1,2026-03-02T09:00:00-03:00',
        'www.aguas.example,corte-12-4,2026-03-05T10:00:07-03:00',
        'www.aguas.example,corte-12-9,2026-03-05T11:00:00-03:00',
      ],
    ]);
    expect(messages[2]!.info.description).toContain('Actualización (05-03-2026 11:00): Se adelanta la reposición.');
    expect(messages[2]!.info.description).not.toContain('Cuadrillas en terreno.');
  });

  it('is sent from the site’s host, on Aysén’s clock with its offset, in whole seconds', () => {
    expect(messages[1]).toMatchObject({ sender: 'www.aguas.example', sent: '2026-03-05T10:00:07-03:00' });
    expect(aysenIso('2026-07-01T03:59:59.999Z')).toBe('2026-07-01T00:59:59-03:00');
  });

  it('expires at the expected end, never sooner than 6 hours after it is sent; a Cancel after 24 hours', () => {
    expect(messages.map((message) => message.info.expires)).toEqual([
      '2026-03-05T13:00:00-03:00',
      '2026-03-05T16:00:07-03:00',
      '2026-03-05T17:00:00-03:00',
      '2026-03-06T12:00:00-03:00',
    ]);
    expect(messages.map((message) => message.info.onset)).toEqual([
      '2026-03-05T09:00:00-03:00',
      '2026-03-05T09:00:00-03:00',
      '2026-03-05T09:00:00-03:00',
      undefined,
    ]);
  });

  it('of a notice with no expected end holds 7 days', () => {
    const [message] = capMessages(
      anAdvisory('hervir', null, { endsAt: null }),
      [notice('3', 'published', '2026-07-01T12:00:00Z')],
      issuer,
    );
    expect(message!.info.expires).toBe('2026-07-08T09:00:00-03:00');
    expect(message!.info.description).toContain('Sin fecha de término: se informará cuando se levante el aviso.');
  });

  it('draws a circle per town, latitude first, as CAP writes them', () => {
    expect(messages[0]!.info.area).toEqual({
      areaDesc: 'Coyhaique: Villa Los Ñires',
      circles: ['-45.5712,-72.0685 3'],
    });
    expect(infoOf(anAdvisory('hervir')).area).toEqual({
      areaDesc: 'Coyhaique y Balmaceda',
      circles: ['-45.5712,-72.0685 3', '-45.9167,-71.6939 3'],
    });
  });

  it('keeps a headline under 140 characters on one line', () => {
    const long = infoOf(anOutage('programado', { sectors: `Sector\n${'Norte '.repeat(40)}` })).headline;
    expect(long.length).toBeLessThanOrEqual(140);
    expect(long.startsWith('Corte programado en Coyhaique: Sector; Norte Norte')).toBe(true);
    expect(long).not.toContain('\n');
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('identifiers', () => {
  it('name the table, the outage or notice and the notice row, with none of CAP’s forbidden characters', () => {
    expect(capIdentifier('aviso', '7', '31')).toBe('aviso-7-31');
    expect(parseCapIdentifier('aviso-7-31')).toEqual({ entity: 'aviso', entityId: '7', noticeId: '31' });
  });

  it.each(['aviso-7', 'otro-7-31', 'aviso-07-31', 'aviso-7-31-2', 'aviso-7-0', `aviso-7-${'1'.repeat(19)}`, ''])(
    'refuse %j',
    (identifier) => expect(parseCapIdentifier(identifier)).toBeUndefined(),
  );
});
