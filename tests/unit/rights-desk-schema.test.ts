import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { fieldErrors } from '../../src/shared/field-errors.ts';
import {
  RightsErasureSchema,
  RightsExtensionSchema,
  RightsProofSchema,
  RightsRectificationSchema,
} from '../../src/shared/rights/desk/schema.ts';
import {
  correctableFields,
  isCorrectable,
  keptReasons,
  rightsDeskMessages,
  rightsNotes,
} from '../../src/shared/rights/desk/texts.ts';
import { recordSourceKeys } from '../../src/shared/rights/records/texts.ts';

/** The bodies of the rights desk's actions: what each accepts, and each refusal's words. */

const refusals = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  expect(result.success).toBe(false);
  return fieldErrors(result.error!);
};

describe('RightsExtensionSchema', () => {
  it('takes the reason, trimmed, with its lines', () => {
    expect(RightsExtensionSchema.parse({ reason: '  Revisamos archivos.\nEn papel.  ' })).toEqual({
      reason: 'Revisamos archivos.\nEn papel.',
    });
  });

  it.each([
    ['none', {}, rightsDeskMessages.reasonRequired],
    ['blanks', { reason: '   ' }, rightsDeskMessages.reasonRequired],
    ['1001 characters', { reason: 'x'.repeat(1001) }, 'Máximo 1000 caracteres.'],
    ['a control character', { reason: 'Motivo\u0007' }, 'El texto contiene caracteres de control no permitidos.'],
  ])('refuses %s', (_case, body, message) => {
    expect(refusals(RightsExtensionSchema, body)).toEqual({ reason: message });
  });
});

describe('RightsProofSchema', () => {
  it.each([
    [{ requested: 'Copia de su cédula.' }, { requested: 'Copia de su cédula.' }],
    [{ received: ' Cédula recibida. ' }, { received: 'Cédula recibida.' }],
  ])('takes what was asked or received: %j', (body, parsed) => {
    expect(RightsProofSchema.parse(body)).toEqual(parsed);
  });

  it.each([[{}], [{ requested: '  ', received: '' }]])('refuses nothing at all: %j', (body) => {
    expect(refusals(RightsProofSchema, body)).toEqual({ requested: rightsDeskMessages.proofRequired });
  });

  it('refuses a text too long', () => {
    expect(refusals(RightsProofSchema, { received: 'x'.repeat(1001) })).toEqual({
      received: 'Máximo 1000 caracteres.',
    });
  });
});

describe('RightsErasureSchema', () => {
  it('takes the records, each a source and an id', () => {
    const records = [
      { source: 'complaints', id: '12' },
      { source: 'bills', id: '8b0c0a52-5b43-4c1e-9f49-0e6a3e1f2d7a' },
    ];
    expect(RightsErasureSchema.parse({ records })).toEqual({ records });
  });

  it.each([
    [{}, rightsDeskMessages.recordsRequired],
    [{ records: [] }, rightsDeskMessages.recordsRequired],
    [
      { records: Array.from({ length: 501 }, (_, id) => ({ source: 'complaints', id: String(id) })) },
      rightsDeskMessages.tooManyRecords,
    ],
    // A denuncia is never a record of the desk (src/shared/rights/records/texts.ts).
    [{ records: [{ source: 'denuncias', id: '1' }] }, rightsDeskMessages.sourceRequired],
    [{ records: [{ source: 'complaints', id: ' ' }] }, rightsDeskMessages.idRequired],
  ])('refuses %#: %s', (body, message) => {
    expect(refusals(RightsErasureSchema, body)).toEqual({ records: message });
  });
});

describe('RightsRectificationSchema', () => {
  it('takes a correctable field and its new value', () => {
    expect(
      RightsRectificationSchema.parse({ source: 'complaints', id: '3', field: 'phone', value: ' +56 9 3333 4444 ' }),
    ).toEqual({ source: 'complaints', id: '3', field: 'phone', value: '+56 9 3333 4444' });
  });

  it.each([
    [
      { source: 'complaints', id: '3', field: 'complaint_details', value: 'Otro' },
      'field',
      rightsDeskMessages.notCorrectable,
    ],
    [{ source: 'bills', id: '3', field: 'email', value: 'rosa@correo.cl' }, 'field', rightsDeskMessages.notCorrectable],
    [
      { source: 'complaints', id: '3', field: 'email', value: 'rosa@' },
      'value',
      'Por favor ingrese un correo electrónico válido.',
    ],
    [{ source: 'complaints', id: '3', field: 'phone', value: '' }, 'value', rightsDeskMessages.valueRequired],
    [
      { source: 'complaints', id: '3', field: 'name', value: 'Rosa\nVera' },
      'value',
      'Escriba este dato en una sola línea, sin caracteres de control.',
    ],
  ])('refuses %j', (body, field, message) => {
    expect(refusals(RightsRectificationSchema, body)).toEqual({ [field]: message });
  });
});

describe('correctableFields', () => {
  it('names no field of the records the law keeps as they are', () => {
    for (const source of ['outage_subscriptions', 'bills', 'tbk_payments', 'rights_requests'] as const)
      expect(correctableFields[source]).toEqual({});
  });

  it('answers no for a source or field it does not list, inherited names included', () => {
    expect(isCorrectable('denuncias', 'email')).toBe(false);
    expect(isCorrectable('complaints', 'constructor')).toBe(false);
    expect(recordSourceKeys.filter((source) => isCorrectable(source, 'email'))).toEqual([
      'contact_messages',
      'complaints',
      'cases',
      'job_applications',
      'motorhome_registrations',
    ]);
  });
});

describe("the erasure's note", () => {
  it.each([
    [
      ['Reclamos REC-7K3M9Q2X', 'Postulaciones EMP-7K3M9Q2X'],
      [`Boletas y pagos en línea AP1: ${keptReasons.tax}`],
      'Supresión: se eliminaron 2 registros (Reclamos REC-7K3M9Q2X; Postulaciones EMP-7K3M9Q2X); se conserva 1 (Boletas y pagos en línea AP1: obligación tributaria, 6 años (Código Tributario, artículos 17 y 200)).',
    ],
    [['Reclamos REC-7K3M9Q2X'], [], 'Supresión: se eliminó 1 registro (Reclamos REC-7K3M9Q2X).'],
    [
      [],
      ['Solicitudes de derechos DER-7K3M9Q2X: r', 'Casos de Atención ciudadana DER-7K3M9Q2X: r'],
      'Supresión: no se eliminó ningún registro; se conservan 2 (Solicitudes de derechos DER-7K3M9Q2X: r; Casos de Atención ciudadana DER-7K3M9Q2X: r).',
    ],
  ])('says what was erased and what kept: %j, %j', (erased, kept, note) => {
    expect(rightsNotes.erasure(erased, kept)).toBe(note);
  });
});
