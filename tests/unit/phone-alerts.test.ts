import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsOneSegment, septets, SEGMENT_SEPTETS, toGsm7 } from '../../src/shared/phone-alerts/gsm7.ts';
import { inboundRequest } from '../../src/shared/phone-alerts/keywords.ts';
import { inQuietHours, sendableAt } from '../../src/shared/phone-alerts/quiet-hours.ts';
import { alertPhone, e164 } from '../../src/shared/phone.ts';
import type { NoticeRow } from '../../src/server/outage-alerts/alert-mail.ts';
import { advisoryPhoneAlert, outagePhoneAlert } from '../../src/server/outage-alerts/phone-alerts.ts';
import { phoneAlertBody, phoneAlertText } from '../../src/server/outage-alerts/phone-text.ts';
import { advisoryKinds } from '../../src/shared/advisories/kinds.ts';
import type { OutageKind, OutageStatus } from '../../src/shared/outages/schema.ts';

/** The pure parts of the alerts by phone: the numbers they reach, GSM-7, the keywords, the quiet hours. */

describe('a phone number', () => {
  it.each([
    ['+56 9 1234 5678', '+56912345678', 'movil'],
    ['9 1234 5678', '+56912345678', 'movil'],
    ['912345678', '+56912345678', 'movil'],
    ['56-9-1234-5678', '+56912345678', 'movil'],
    ['(67) 221 2345', '+56672212345', 'fijo'],
    ['+56 67 221 2345', '+56672212345', 'fijo'],
    ['67.221.2345', '+56672212345', 'fijo'],
  ])('reads %s as %s, a %s', (typed, phone, kind) => {
    expect(alertPhone(typed)).toEqual({ phone, kind });
  });

  it.each([
    ['a landline of Santiago', '+56 2 2123 4567'],
    ['a number abroad', '+54 11 4123 4567'],
    ['a mobile one digit short', '+56 9 1234 567'],
    ['a mobile one digit long', '+56 9 1234 56789'],
    ['letters', '+56 9 1234 567a'],
    ['nothing', ''],
  ])('refuses %s (%s) for alerts', (_, typed) => {
    expect(alertPhone(typed)).toBeUndefined();
  });

  it('keeps a number abroad as E.164 for the billing export, which is not an alert number', () => {
    expect(e164('+54 11 4123 4567')).toBe('+541141234567');
    expect(alertPhone('+54 11 4123 4567')).toBeUndefined();
  });
});

describe('GSM-7', () => {
  it('writes the accents GSM-7 lacks without them and keeps those it has', () => {
    expect(toGsm7('Corte en Río Ibáñez: reposición aún sin hora. ¿Dudas? Llámenos.')).toBe(
      'Corte en Rio Ibañez: reposicion aun sin hora. ¿Dudas? Llamenos.',
    );
    expect(toGsm7('ÁÉÍÓÚ áéíóú ü Ñ')).toBe('AÉIOU aéiou ü Ñ');
    expect(toGsm7('“Hervir” el agua – N° 3…')).toBe('"Hervir" el agua - No 3...');
    expect(toGsm7('agua 💧')).toBe('agua ?');
  });

  it('counts an extension character as two septets, and refuses a text outside the alphabet', () => {
    expect(septets('a€b')).toBe(4);
    expect(septets('á')).toBeUndefined();
    expect(fitsOneSegment('x'.repeat(SEGMENT_SEPTETS))).toBe(true);
    expect(fitsOneSegment('x'.repeat(SEGMENT_SEPTETS - 1) + '€')).toBe(false);
  });

  it('writes any text in the alphabet, without a character more for one it keeps', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const written = toGsm7(text);
        expect(septets(written)).toBeDefined();
        expect(toGsm7(written)).toBe(written);
      }),
    );
  });
});

describe('a text to the utility', () => {
  it.each([
    ['CORTES COYHAIQUE', { kind: 'subscribe', town: 'COYHAIQUE' }],
    ['cortes puerto aysén', { kind: 'subscribe', town: 'PUERTO AYSEN' }],
    ['  Corte:  Pto. Aysén ', { kind: 'subscribe', town: 'PTO AYSEN' }],
    ['BAJA', { kind: 'stop' }],
    ['baja.', { kind: 'stop' }],
    ['Stop', { kind: 'stop' }],
    ['AYUDA', { kind: 'help' }],
    ['ayuda?', { kind: 'help' }],
    ['SIGO SIN AGUA', { kind: 'still-without-water' }],
    ['sigo sin agua!!', { kind: 'still-without-water' }],
    ['Aún sin agua', { kind: 'still-without-water' }],
    ['todavia sin agua', { kind: 'still-without-water' }],
    ['seguimos sin agua', { kind: 'still-without-water' }],
    ['sin agua', { kind: 'still-without-water' }],
    ['No tengo agua', { kind: 'still-without-water' }],
    ['no llegó el agua', { kind: 'still-without-water' }],
    ['Hola, ¿a qué hora vuelve?', { kind: 'unknown' }],
    ['CORTES', { kind: 'unknown' }],
    ['', { kind: 'unknown' }],
  ])('reads %j', (body, request) => {
    expect(inboundRequest(body)).toEqual(request);
  });
});

describe('the quiet hours, on Aysén’s clock (UTC−3)', () => {
  it.each([
    ['2026-12-02T15:00:00Z', false, '2026-12-02T15:00:00.000Z'],
    ['2026-12-02T10:59:00Z', true, '2026-12-02T11:00:00.000Z'],
    ['2026-12-02T11:00:00Z', false, '2026-12-02T11:00:00.000Z'],
    ['2026-12-03T00:59:00Z', false, '2026-12-03T00:59:00.000Z'],
    ['2026-12-03T01:00:00Z', true, '2026-12-03T11:00:00.000Z'],
    ['2026-12-03T03:30:00Z', true, '2026-12-03T11:00:00.000Z'],
    ['2026-12-03T10:59:59Z', true, '2026-12-03T11:00:00.000Z'],
  ])('%s: quiet %s, sent at %s', (instant, quiet, sent) => {
    expect(inQuietHours(new Date(instant))).toBe(quiet);
    expect(sendableAt(new Date(instant)).toISOString()).toBe(sent);
  });
});

describe('every alert to a phone', () => {
  // The towns as the database has them (migration 0025), the longest name of a future one, and a long site address.
  const towns = [
    ...readFileSync('netlify/database/migrations/0025_outages.sql', 'utf8').matchAll(/\('[a-z-]+', '([^']+)', -/g),
  ].map(([, name]) => name!);
  towns.push('Villa O’Higgins y Caleta Tortel');
  const origin = 'https://www.aguas-patagonia-aysen.cl';
  const long = 'Población Víctor Domingo Silva, Villa Los Ñires, sector Escuela Agrícola y calles aledañas '.repeat(3);
  const outageRow = (town_name: string, kind: NoticeRow['kind'], outage_kind: OutageKind, status: OutageStatus) =>
    ({
      id: '98765',
      outage_id: '1234567',
      kind,
      update_body: long,
      outage_kind,
      town: 'x',
      town_name,
      sectors: long,
      starts_at: '2026-12-03T12:00:00Z',
      ends_at: '2026-12-04T20:00:00Z',
      status,
    }) satisfies NoticeRow;
  const outageAlerts = towns.flatMap((town) =>
    (['published', 'update', 'closed'] as const).flatMap((kind) =>
      (['programado', 'emergencia'] as const).flatMap((outageKind) =>
        (['restablecido', 'cancelado'] as const).map((status) =>
          outagePhoneAlert(outageRow(town, kind, outageKind, status), origin),
        ),
      ),
    ),
  );
  const advisoryAlerts = [towns.slice(0, 1), towns.slice(0, 3), towns].flatMap((names) =>
    advisoryKinds.flatMap((advisory_kind) =>
      (['published', 'update', 'lifted'] as const).map((kind) =>
        advisoryPhoneAlert(
          {
            id: '1',
            kind,
            update_body: long,
            advisory_id: '4321',
            advisory_kind,
            restriction_level: advisory_kind === 'restriccion' ? 3 : null,
            town_names: names,
            sectors: long,
            starts_at: '2026-12-03T12:00:00Z',
            ends_at: null,
            instructions: long,
            lift_message: long,
            lifted_at: null,
            supply_points: [],
          },
          origin,
        ),
      ),
    ),
  );

  it.each([
    ['corte', outageAlerts],
    ['aviso', advisoryAlerts],
  ])('of a %s fits one GSM-7 segment, for every town and type, with its address whole', (_kind, alerts) => {
    expect(alerts.length).toBeGreaterThan(20);
    for (const alert of alerts) {
      for (const channel of ['sms', 'whatsapp'] as const) {
        const body = phoneAlertBody(alert, channel);
        expect(fitsOneSegment(body), body).toBe(true);
        expect(body.endsWith(` ${alert.address}`), body).toBe(true);
      }
      expect(phoneAlertBody(alert, 'voz')).not.toContain('http');
    }
  });

  it('keeps what happened and where when the details are cut', () => {
    const [published] = outageAlerts;
    const text = phoneAlertText(published!);
    expect(text).toMatch(
      /^Corte de agua programado en Coyhaique, 03-12 09:00 a 04-12 17:00\. Sectores: Poblacion Victor .*\.\.\. https/,
    );
  });

  it('an alert of a short town and sector is whole, nothing cut', () => {
    const alert = outagePhoneAlert(
      { ...outageRow('Cochrane', 'published', 'emergencia', 'restablecido'), sectors: 'Centro' },
      origin,
    );
    expect(phoneAlertText(alert)).toBe(
      `Corte de agua de emergencia en Cochrane, 03-12 09:00 a 04-12 17:00. Sectores: Centro ${origin}/cortes#corte-1234567`,
    );
  });
});
