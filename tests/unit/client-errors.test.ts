import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import job from '../../netlify/functions/job.ts';
import login from '../../netlify/functions/login.ts';
import { createAdmin } from '../../src/server/auth/admins.ts';
import { ClientError, ConflictError, tooManyRequests } from '../../src/server/errors.ts';
import { readInput, withErrorHandling } from '../../src/server/http.ts';
import { useAdminEnvironment } from '../helpers/admin.ts';
import { postJson, testContext } from '../helpers/functions.ts';

/** Issue 13, "One client-error type": every refusal becomes its answer in withErrorHandling, and nowhere else. */
const environment = useAdminEnvironment();

const answerTo = async (error: unknown) => {
  const response = await withErrorHandling(async () => {
    throw error;
  })(new Request('http://localhost/api/prueba', { method: 'POST' }), testContext().context);
  return { status: response.status, headers: response.headers, body: await response.json() };
};

describe('withErrorHandling answers a ClientError with its status, message and field', () => {
  it('a refusal of one field, as the form shows it there', async () => {
    const { status, headers, body } = await answerTo(new ClientError(403, 'No permitido.', 'password'));
    expect(status).toBe(403);
    expect(body).toEqual({
      success: false,
      error: 'No permitido.',
      message: 'No permitido.',
      errors: { password: 'No permitido.' },
    });
    expect(headers.get('Cache-Control')).toBe('no-store');
  });

  it('a refusal of the whole request, with no field errors', async () => {
    const { status, body } = await answerTo(new ConflictError('Ya existe.'));
    expect(status).toBe(409);
    expect(body).toEqual({ success: false, error: 'Ya existe.', message: 'Ya existe.' });
  });

  it('a 429 with its Retry-After in whole seconds', async () => {
    const { status, headers, body } = await answerTo(tooManyRequests('Espere.', 899.2));
    expect(status).toBe(429);
    expect(headers.get('Retry-After')).toBe('900');
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
      (error: ClientError) => ({ status: error.status, message: error.message, errors: error.errors }),
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
