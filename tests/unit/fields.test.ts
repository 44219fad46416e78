import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ComplaintSchema } from '../../src/shared/complaints/schema.ts';
import { ContactSchema } from '../../src/shared/contact/schema.ts';
import { DenunciaSchema } from '../../src/shared/denuncias/schema.ts';
import { fieldErrors } from '../../src/shared/field-errors.ts';
import {
  emailField,
  fieldRules,
  isRequired,
  maxLengthOf,
  optionalEmail,
  optionalText,
  requiredText,
} from '../../src/shared/fields.ts';
import { MotorhomeSchema } from '../../src/shared/motorhome/schema.ts';

/**
 * zod/mini schemas have no `.unwrap()` or `.maxLength`: the helpers that give a form its
 * `maxlength` and its required marks read the schemas' definitions. A zod upgrade that moves
 * them fails here, not silently in the browser.
 */
describe('maxLengthOf', () => {
  it.each([
    ['a required text', requiredText(50, 'Ingrese su nombre.'), 50],
    ['an optional text (a default around the string)', optionalText(20), 20],
    ['a text with lines', requiredText(2000, 'Escriba su mensaje.', { multiline: true }), 2000],
    ['an e-mail (a pipe from the string to the address check)', emailField(80), 80],
    ['an optional e-mail (a pipe from a default)', optionalEmail(79), 79],
    ['an optional string', z.optional(z.string().check(z.maxLength(12))), 12],
    ['the tighter of two caps', z.string().check(z.maxLength(30), z.maxLength(10)), 10],
  ])('reads the cap of %s', (_, schema, max) => {
    expect(maxLengthOf(schema)).toBe(max);
  });

  it.each([
    ['a string without a cap', z.string().check(z.minLength(1))],
    ['a number', z.number().check(z.lte(10))],
    ['a literal', z.literal(true)],
  ])('gives none for %s', (_, schema) => {
    expect(maxLengthOf(schema)).toBeUndefined();
  });

  it("gives every form field the cap the server enforces (the denuncia's are one less than spec §5's)", () => {
    expect(maxLengthOf(ComplaintSchema.shape.complaintDetails)).toBe(3000);
    expect(maxLengthOf(DenunciaSchema.shape.denunciaText)).toBe(299);
    expect(maxLengthOf(DenunciaSchema.shape.email)).toBe(79);
    expect(maxLengthOf(MotorhomeSchema.shape.phone)).toBe(20);
  });
});

describe('isRequired', () => {
  it.each([
    ['a required text', requiredText(50, 'Ingrese su nombre.'), true],
    ['an e-mail', emailField(80), true],
    ['a checkbox that must be ticked', z.literal(true), true],
    ['an id', z.number(), true],
    ['an optional text', optionalText(20), false],
    ['an optional e-mail', optionalEmail(80), false],
    ['an optional value', z.optional(z.string()), false],
  ])('%s: %s', (_, schema, required) => {
    expect(isRequired(schema)).toBe(required);
  });

  it("marks the contact form's required fields, and only those", () => {
    const required = Object.entries(ContactSchema.shape)
      .filter(([, schema]) => isRequired(schema))
      .map(([field]) => field);
    expect(required).toEqual(['name', 'surname', 'email', 'reqs']);
  });
});

describe('fieldRules', () => {
  it("gives a form page each field's maxlength and required mark, read from the schema", () => {
    expect(fieldRules(ContactSchema)).toEqual({
      name: { required: true, maxLength: 50 },
      surname: { required: true, maxLength: 50 },
      email: { required: true, maxLength: 80 },
      phone: { required: false, maxLength: 20 },
      address: { required: false, maxLength: 100 },
      city: { required: false, maxLength: 50 },
      reqs: { required: true, maxLength: 2000 },
    });
  });

  it('reads an object with a check of its own (the motorhome places) and fields without a cap', () => {
    expect(fieldRules(MotorhomeSchema)).toMatchObject({
      accepts: { required: true },
      country: { required: true },
      realRegion: { required: false, maxLength: 80 },
    });
    expect(fieldRules(MotorhomeSchema).country).not.toHaveProperty('maxLength');
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each field, in the order the schema checks them', () => {
    const result = ContactSchema.safeParse({ name: '', surname: 'x'.repeat(51), email: 'ana@', reqs: '' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: 'Ingrese su nombre.',
      surname: 'Máximo 50 caracteres.',
      email: 'Por favor ingrese un correo electrónico válido.',
      reqs: 'Escriba su mensaje.',
    });
  });

  it('ignores an issue of the whole object (it names no field)', () => {
    const Schema = z.object({ a: z.string() }).check(z.refine(() => false, 'Nunca.'));
    const result = Schema.safeParse({ a: 'x' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({});
  });
});
