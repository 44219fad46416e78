import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import job from '../../netlify/functions/jobs.ts';
import login from '../../netlify/functions/login.ts';
import { createAdmin } from '../../src/server/auth/sign-in.ts';
import {
  Conflict,
  Invalid,
  NotAllowed,
  NotFound,
  NotSignedIn,
  Throttled,
  type Refusal,
} from '../../src/server/errors.ts';
import { readInput, statusOf, withErrorHandling } from '../../src/server/http.ts';
import { useAdminEnvironment } from '../helpers/admin.ts';
import { postJson, testContext } from '../helpers/functions.ts';

/** One way to fail: services throw what happened, and withErrorHandling alone answers it with its HTTP status. */
const environment = useAdminEnvironment();

const answerTo = async (error: unknown) => {
  const response = await withErrorHandling(async () => {
    throw error;
  })(new Request('http://localhost/api/prueba', { method: 'POST' }), testContext().context);
  return { status: response.status, headers: response.headers, body: await response.json() };
};

describe('withErrorHandling answers each kind of refusal with its status, message and field', () => {
  it.each([
    ['Invalid', new Invalid('Revise el campo.', 'name'), 400],
    ['NotSignedIn', new NotSignedIn('Código incorrecto.', 'code'), 401],
    ['NotAllowed', new NotAllowed('No permitido.', 'password'), 403],
    ['NotFound', new NotFound('No encontrado.', 'serviceNumber'), 404],
    ['Conflict', new Conflict('Ya existe.', 'email'), 409],
    ['Throttled', new Throttled('Espere.', 30, 'file'), 429],
  ])('%s, refusing one field, as the form shows it there', async (_kind, error, expected) => {
    const { status, headers, body } = await answerTo(error);
    expect(status).toBe(expected);
    expect(body).toEqual({
      success: false,
      error: error.message,
      message: error.message,
      errors: { [Object.keys(error.errors ?? {})[0]!]: error.message },
    });
    expect(headers.get('Cache-Control')).toBe('no-store');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Retry-After')).toBe(error instanceof Throttled ? '30' : null);
  });

  it('a refusal of the whole request, with no field errors', async () => {
    const { status, body } = await answerTo(new Conflict('Ya existe.'));
    expect(status).toBe(409);
    expect(body).toEqual({ success: false, error: 'Ya existe.', message: 'Ya existe.' });
  });

  it('a refusal with one message per field, as a schema gives them', async () => {
    const { status, body } = await answerTo(new Invalid('Revise los datos.', { towns: 'Elija una localidad.' }));
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      error: 'Revise los datos.',
      message: 'Revise los datos.',
      errors: { towns: 'Elija una localidad.' },
    });
  });

  it.each([
    [899.2, '900'],
    [0, '1'],
  ])('a 429 after %s seconds says Retry-After %s, in whole seconds and at least one', async (seconds, header) => {
    const { status, headers, body } = await answerTo(new Throttled('Espere.', seconds));
    expect(status).toBe(429);
    expect(headers.get('Retry-After')).toBe(header);
    expect(body.error).toBe('Espere.');
  });

  it('any other error as the generic 500, logged with the request id', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { status, body } = await answerTo(new Error('fallo interno'));
    log.mockRestore();
    expect(status).toBe(500);
    expect(body).toEqual({
      success: false,
      error: 'Ha ocurrido un error. Por favor intente más tarde.',
      message: 'Ha ocurrido un error. Por favor intente más tarde.',
      requestId: 'test-request',
    });
  });
});

describe('readInput, the body of every JSON endpoint', () => {
  const Schema = z.object({
    name: z.string().check(z.minLength(1, 'Ingrese su nombre.')),
    age: z.number('Edad no válida.'),
  });
  const read = (body: string, headers: Record<string, string> = {}, options: { status?: number } = {}) =>
    readInput(
      postJson('/api/prueba', body, { headers: { 'content-type': 'application/json', ...headers } }),
      Schema,
      100,
      options,
    );
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('accepted');
      },
      (error: Refusal) => ({ status: statusOf(error), message: error.message, errors: error.errors }),
    );

  it('answers the parsed data', async () => {
    expect(await read('{"name":"Ana","age":30}')).toEqual({ name: 'Ana', age: 30 });
  });

  it.each([
    [
      'a text/plain body (a cross-site simple POST)',
      () => read('{"name":"Ana","age":30}', { 'content-type': 'text/plain' }),
      { status: 415, message: 'La solicitud debe enviarse como JSON (application/json).', errors: undefined },
    ],
    [
      'a body over its limit',
      () => read(JSON.stringify({ name: 'A'.repeat(200), age: 1 })),
      { status: 413, message: 'La solicitud es demasiado grande.', errors: undefined },
    ],
    [
      'a body that is not JSON',
      () => read('{"name":'),
      { status: 400, message: 'La solicitud no es un JSON válido.', errors: undefined },
    ],
    [
      'data the schema refuses, one message per field',
      () => read('{"name":"","age":"treinta"}'),
      {
        status: 400,
        message: 'Revise los datos del formulario.',
        errors: { name: 'Ingrese su nombre.', age: 'Edad no válida.' },
      },
    ],
    [
      'data the schema refuses, with the status the endpoint gives it',
      () => read('{"name":"Ana"}', {}, { status: 422 }),
      { status: 422, message: 'Revise los datos del formulario.', errors: { age: 'Edad no válida.' } },
    ],
    [
      'a control character in a field, with the status the endpoint gives invalid input',
      () => read('{"name":"A\\u0000na","age":30}', {}, { status: 422 }),
      {
        status: 422,
        message: 'Revise los datos del formulario.',
        errors: { name: 'El texto contiene caracteres no válidos.' },
      },
    ],
    [
      'a body that is not JSON as 400 even where invalid input has another status',
      () => read('{"name":', {}, { status: 422 }),
      { status: 400, message: 'La solicitud no es un JSON válido.', errors: undefined },
    ],
  ])('refuses %s', async (_case, call, expected) => {
    expect(await refusal(call())).toEqual(expected);
  });
});

describe('functions answer refusals through the one mapping', () => {
  it('a malformed multipart form: 400 with the whole-request message', async () => {
    const response = await job(
      new Request('http://localhost/api/job', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna',
      }),
      testContext().context,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: 'La solicitud no es un formulario válido o llegó incompleta.',
      message: 'La solicitud no es un formulario válido o llegó incompleta.',
    });
  });

  it("the sign-in lock: 429 with the 15 minutes' Retry-After", async () => {
    await createAdmin(environment.database.db, { name: 'Eva', email: 'eva@example.com', password: 'la-correcta-1' });
    const attempt = (password: string) =>
      login(postJson('/api/login', { email: 'eva@example.com', password }), testContext().context);
    for (let i = 0; i < 5; i++) expect((await attempt(`mala-${i}`)).status).toBe(401);
    const locked = await attempt('la-correcta-1');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toBe('900');
    expect((await locked.json()).error).toBe('Demasiados intentos fallidos. Espere 15 minutos e intente nuevamente.');
  });
});
