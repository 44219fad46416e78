import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/admin/api-client.ts';
import { failureShown, invalidSummary } from '../../src/admin/forms/use-admin-form.ts';
import { messages } from '../../src/shared/messages.ts';

const labels = { name: 'Nombre', email: 'Correo electrónico' };

describe('failureShown: a refused submit on the admin form', () => {
  it('puts the server’s field errors on the form’s fields, with no form message', () => {
    const error = new ApiError(400, 'Revise los datos.', { email: 'Ya existe un administrador con ese correo.' });
    expect(failureShown(error, labels)).toEqual({
      fields: { email: 'Ya existe un administrador con ese correo.' },
      formError: undefined,
    });
  });

  it('says the errors of fields the form does not have as the form’s message, joined', () => {
    const error = new ApiError(400, 'Revise los datos.', {
      name: 'Indique el nombre.',
      token: 'La clave no es válida.',
      role: 'Rol desconocido.',
    });
    expect(failureShown(error, labels)).toEqual({
      fields: { name: 'Indique el nombre.' },
      formError: 'La clave no es válida. Rol desconocido.',
    });
  });

  it('says the server’s message of a failure no field explains (409, 429)', () => {
    expect(failureShown(new ApiError(409, 'El caso cambió mientras lo editaba.'), labels)).toEqual({
      fields: {},
      formError: 'El caso cambió mientras lo editaba.',
    });
  });

  it('says the generic message of anything that is not an API failure', () => {
    expect(failureShown(new TypeError('boom'), labels)).toEqual({ fields: {}, formError: messages.genericError });
  });
});

describe('invalidSummary: the error summary of values the schema refused', () => {
  it('lists each field’s message', () => {
    expect(
      invalidSummary({
        name: { type: 'too_small', message: 'Indique el nombre.' },
        email: { type: 'invalid_format', message: 'Revise el correo.' },
      }),
    ).toEqual({ name: 'Indique el nombre.', email: 'Revise el correo.' });
  });

  it('names a group whose items only are wrong, and keeps a group’s own message', () => {
    const itemsWrong = { supplyPoints: [{ name: { type: 'too_small', message: 'Indique el nombre.' } }] };
    const groups = { supplyPoints: 'Revise los puntos de abastecimiento.' };
    expect(invalidSummary(itemsWrong as never, groups)).toEqual({
      supplyPoints: 'Revise los puntos de abastecimiento.',
    });
    expect(invalidSummary({ supplyPoints: { type: 'too_big', message: 'Hasta 10 puntos.' } }, groups)).toEqual({
      supplyPoints: 'Hasta 10 puntos.',
    });
    // Without the group, items' errors alone leave nothing to link to.
    expect(invalidSummary(itemsWrong as never)).toEqual({});
  });
});
