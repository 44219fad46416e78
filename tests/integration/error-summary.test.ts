import { format } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorSummary, redactPersonalData } from '../../src/server/error-summary.ts';
import { withErrorHandling } from '../../src/server/http.ts';
import { messages } from '../../src/shared/messages.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();

/** A real error of the database, whose detail quotes the row it refused. */
async function refusedRow(): Promise<unknown> {
  return environment.database.db
    .query(
      `INSERT INTO contact_messages (reference, name, surname, email, reqs)
       VALUES ('CON-LOGS2345', 'Ana', 'Pérez', 'ana.perez@correo.cl', NULL)`,
    )
    .then(
      () => expect.fail('the insert passed'),
      (error: unknown) => error,
    );
}

describe('what the logs say about an error', () => {
  it('tells a database error by its code, table and column, never the row it quotes', async () => {
    const error = await refusedRow();
    // The driver's own error carries the row: this is what a raw console.error(error) would print.
    expect(JSON.stringify(error)).toContain('ana.perez@correo.cl');

    const summary = errorSummary(error);

    expect(summary).toMatch(/^database error 23502, table contact_messages, column reqs\n/);
    expect(summary).not.toMatch(/ana\.perez|Ana|Pérez/);
  });

  it('leaves out a value the database could not read', async () => {
    const error = await environment.database.db
      .query('SELECT 1 FROM job_applications WHERE cv_upload_id = $1', ['12.345.678-5 ana@correo.cl'])
      .catch((caught: unknown) => caught);
    expect(String((error as Error).message)).toContain('12.345.678-5');

    expect(errorSummary(error)).toMatch(/^database error 22P02\n/);
    expect(errorSummary(error)).not.toContain('12.345.678-5');
  });

  it.each([
    [
      'Resend rejected the mail: validation_error: You can only send to ana.perez@correo.cl',
      'Error: Resend rejected the mail: validation_error: You can only send to [correo]',
    ],
    ['RUT 12.345.678-5 y 9876543-K inválidos', 'Error: RUT [rut] y [rut] inválidos'],
    ['connect ECONNREFUSED 10.0.12.7:5432', 'Error: connect ECONNREFUSED [ip]:5432'],
    ['Webpay answered 422', 'Error: Webpay answered 422'],
  ])('masks e-mails, RUTs and addresses in a message: %s', (message, head) => {
    expect(errorSummary(new Error(message)).split('\n')[0]).toBe(head);
  });

  it('keeps the stack frames and the cause, masked the same way', () => {
    const error = new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND ana@correo.cl') });
    const lines = errorSummary(error).split('\n');

    expect(lines[0]).toBe('TypeError: fetch failed');
    const cause = lines.findIndex((line) => line.startsWith('  caused by '));
    expect(lines[cause]).toBe('  caused by Error: getaddrinfo ENOTFOUND [correo]');
    expect(cause).toBeGreaterThan(1);
    for (const line of [...lines.slice(1, cause), ...lines.slice(cause + 1)]) expect(line).toMatch(/^\s+at /);
  });

  it('masks a thrown string and names any other thrown value by its type only', () => {
    expect(errorSummary('sin respuesta de ana@correo.cl')).toBe('sin respuesta de [correo]');
    expect(errorSummary({ email: 'ana@correo.cl' })).toBe('object');
  });

  it('leaves text without personal data as it is', () => {
    expect(redactPersonalData('outbox: 2 mail(s) failed at 12:30:45')).toBe('outbox: 2 mail(s) failed at 12:30:45');
  });
});

describe('an unexpected fault in a function', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers the generic 500 and logs the request id and the safe summary only', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await refusedRow();
    const { context } = testContext();

    const response = await withErrorHandling(async () => {
      throw error;
    })(new Request('http://localhost/api/contacto', { method: 'POST' }), context);

    expect(response.status).toBe(500);
    expect((await response.json()).error).toBe(messages.genericError);
    expect(logged).toHaveBeenCalledOnce();
    // As the console prints it: objects through util.inspect, a database error with its detail.
    const line = format(...logged.mock.calls[0]!);
    expect(line).toMatch(/^\[test-request\] POST \/api\/contacto failed: database error 23502/);
    expect(line).not.toMatch(/ana\.perez|Pérez/);
  });
});
