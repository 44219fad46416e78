import { describe, expect, it } from 'vitest';
import { ContactSchema } from '../../src/shared/contact/schema.ts';
import { fieldErrors } from '../../src/shared/field-errors.ts';
import { maxLengthOf } from '../../src/shared/fields.ts';

const valid = {
  name: 'Ana',
  surname: 'Pérez',
  email: 'ana@example.com',
  phone: '',
  address: '',
  city: '',
  reqs: 'Consulta por mi medidor',
};

describe('ContactSchema', () => {
  it('accepts a complete message and trims blanks', () => {
    const parsed = ContactSchema.parse({ ...valid, name: '  Ana  ', email: ' ana@example.com ' });
    expect(parsed.name).toBe('Ana');
    expect(parsed.email).toBe('ana@example.com');
  });

  it('stores absent optional fields as empty text', () => {
    const { phone, address, city, ...required } = valid;
    expect(ContactSchema.parse(required)).toMatchObject({ phone: '', address: '', city: '' });
  });

  describe.each([
    ['name', { name: '' }, 'Ingrese su nombre.'],
    ['name', { name: '   ' }, 'Ingrese su nombre.'],
    ['name', { name: undefined }, 'Ingrese su nombre.'],
    ['name', { name: 42 }, 'El valor ingresado no es válido.'],
    ['name', { name: 'a'.repeat(51) }, 'Máximo 50 caracteres.'],
    ['surname', { surname: '' }, 'Ingrese su apellido.'],
    ['email', { email: '' }, 'Ingrese su correo electrónico.'],
    ['email', { email: 'ana@' }, 'Por favor ingrese un correo electrónico válido.'],
    ['email', { email: ['ana@example.com'] }, 'El valor ingresado no es válido.'],
    ['phone', { phone: '9'.repeat(21) }, 'Máximo 20 caracteres.'],
    ['phone', { phone: 56912345678 }, 'El valor ingresado no es válido.'],
    ['address', { address: 'x'.repeat(101) }, 'Máximo 100 caracteres.'],
    ['city', { city: { name: 'Coyhaique' } }, 'El valor ingresado no es válido.'],
    ['reqs', { reqs: '' }, 'Escriba su mensaje.'],
    ['reqs', { reqs: 'x'.repeat(2001) }, 'Máximo 2000 caracteres.'],
  ])('rejects a bad %s (%j)', (field, change, message) => {
    it(`with "${message}"`, () => {
      const result = ContactSchema.safeParse({ ...valid, ...change });
      expect(result.success).toBe(false);
      expect(fieldErrors(result.error!)).toEqual({ [field]: message });
    });
  });

  it('gives the form the same length limits the server enforces', () => {
    expect(maxLengthOf(ContactSchema.shape.name)).toBe(50);
    expect(maxLengthOf(ContactSchema.shape.email)).toBe(80);
    expect(maxLengthOf(ContactSchema.shape.phone)).toBe(20);
    expect(maxLengthOf(ContactSchema.shape.reqs)).toBe(2000);
  });
});
