import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import contacto from '../../netlify/functions/contact.ts';
import reclamos from '../../netlify/functions/complaints.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { invalidFormBody, postJson, testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();

const forms = [
  {
    path: '/api/contacto',
    handler: contacto,
    table: 'contact_messages',
    prefix: 'CON',
    mailbox: 'contacto@example.com',
    valid: {
      name: 'Ana',
      surname: 'Pérez',
      email: 'ana@example.com',
      phone: '+56 9 1234 5678',
      address: 'Baquedano 100',
      city: 'Coyhaique',
      reqs: 'Consulta por mi medidor',
    },
    stored: {
      name: 'Ana',
      surname: 'Pérez',
      email: 'ana@example.com',
      city: 'Coyhaique',
      reqs: 'Consulta por mi medidor',
    },
    longField: ['reqs', 2000],
  },
  {
    path: '/api/reclamos',
    handler: reclamos,
    table: 'complaints',
    prefix: 'REC',
    mailbox: 'reclamos@example.com',
    valid: {
      name: 'Ana',
      surname: 'Pérez',
      email: 'ana@example.com',
      phone: '',
      address: 'Baquedano 100',
      city: 'Coyhaique',
      clientNumber: '100001',
      complaintDetails: 'La boleta llegó con un consumo que no corresponde.',
    },
    stored: {
      name: 'Ana',
      email: 'ana@example.com',
      client_number: '100001',
      complaint_details: 'La boleta llegó con un consumo que no corresponde.',
    },
    longField: ['complaintDetails', 3000],
  },
] as const;

describe.each(forms)(
  'POST $path',
  ({ path: endpoint, handler, table, prefix, mailbox, valid, stored: storedFields, longField }) => {
    const countMessages = async () =>
      Number((await environment.database.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

    it('stores the message, answers its reference, mails the utility and acknowledges to the citizen', async () => {
      const { context, settle } = testContext();
      const response = await handler(postJson(endpoint, valid), context);

      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = await response.json();
      expect(body).toEqual({
        success: true,
        message: 'Mensaje enviado.',
        data: { reference: expect.stringMatching(new RegExp(`^${prefix}-[2-9A-Z]{8}$`)) },
      });

      const [stored] = await environment.database.db.query<Record<string, string>>(
        `SELECT * FROM ${table} WHERE reference = $1`,
        [body.data.reference],
      );
      expect(stored).toMatchObject(storedFields);

      await settle();
      const [mail, acknowledgement] = await environment.database.db.query<Record<string, string>>(
        'SELECT * FROM outbox WHERE reference = $1 ORDER BY id',
        [body.data.reference],
      );
      expect(mail).toMatchObject({ recipient: mailbox, reply_to: 'ana@example.com', status: 'sent' });
      // The citizen's copy of the reference, with the follow-up link.
      expect(acknowledgement).toMatchObject({ recipient: 'ana@example.com', reply_to: null, status: 'sent' });
      expect(acknowledgement!.body).toContain(`/seguimiento?referencia=${body.data.reference}`);
      const files = (await readdir(environment.outboxDir)).filter((file) => file.startsWith(body.data.reference));
      expect(files).toHaveLength(2);
      const emls = await Promise.all(files.map((file) => readFile(path.join(environment.outboxDir, file), 'utf8')));
      const toUtility = emls.find((eml) => eml.includes(`To: ${mailbox}`));
      expect(toUtility).toContain('Reply-To: ana@example.com');
      expect(toUtility).toContain(body.data.reference);
    });

    describe.each([
      [
        'a body that is not JSON',
        () => postJson(endpoint, '{"name": "Ana"'),
        400,
        'La solicitud no es un JSON válido.',
      ],
      ['an empty body', () => postJson(endpoint, ''), 400, 'La solicitud no es un JSON válido.'],
      [
        'text that is not UTF-8',
        () => postJson(endpoint, '', { body: new Uint8Array([0x7b, 0xff, 0x7d]) }),
        400,
        // Bad bytes are named as such, as in every other field.
        'El texto contiene caracteres no válidos.',
      ],
      ['JSON that is not an object', () => postJson(endpoint, '[1, 2]'), 400, 'Revise los datos del formulario.'],
      ['JSON null', () => postJson(endpoint, 'null'), 400, 'Revise los datos del formulario.'],
      [
        'a body over 16 KB',
        () => postJson(endpoint, { ...valid, [longField[0]]: 'x'.repeat(20_000) }),
        413,
        'La solicitud es demasiado grande.',
      ],
    ])('with %s', (_case, request, status, error) => {
      it(`answers ${status} "${error}" and stores nothing`, async () => {
        const before = await countMessages();
        const response = await handler(request(), testContext().context);
        expect(response.status).toBe(status);
        expect(await response.json()).toMatchObject({ success: false, error });
        expect(await countMessages()).toBe(before);
      });
    });

    describe.each([
      ['a missing name', { name: undefined }, { name: 'Ingrese su nombre.' }],
      ['a number as name', { name: 7 }, { name: 'El valor ingresado no es válido.' }],
      [
        'an invalid e-mail',
        { email: 'ana-at-example.com' },
        { email: 'Por favor ingrese un correo electrónico válido.' },
      ],
      ['an oversized surname', { surname: 'x'.repeat(51) }, { surname: 'Máximo 50 caracteres.' }],
      [
        'an oversized long text',
        { [longField[0]]: 'x'.repeat(longField[1] + 1) },
        { [longField[0]]: `Máximo ${longField[1]} caracteres.` },
      ],
      ['a phone given as an object', { phone: { n: 1 } }, { phone: 'El valor ingresado no es válido.' }],
    ])('with %s', (_case, change, errors) => {
      it('answers 400 with the field message and stores nothing', async () => {
        const before = await countMessages();
        const response = await handler(postJson(endpoint, { ...valid, ...change }), testContext().context);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual(invalidFormBody(errors));
        expect(await countMessages()).toBe(before);
      });
    });

    it('answers 405 to any method but POST', async () => {
      const response = await handler(new Request(`http://localhost${endpoint}`), testContext().context);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual({
        success: false,
        error: 'Método no permitido.',
        message: 'Método no permitido.',
      });
    });

    it('answers 500 with the generic message when the database fails, keeping what was already accepted', async () => {
      const first = testContext();
      const accepted = await (await handler(postJson(endpoint, valid), first.context)).json();
      await first.settle();
      const before = await countMessages();
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // The mail insert fails, so the message insert of the same transaction must roll back.
      await environment.database.db.query('ALTER TABLE outbox RENAME TO outbox_offline');
      try {
        const response = await handler(postJson(endpoint, valid), testContext().context);
        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({
          success: false,
          error: 'Ha ocurrido un error. Por favor intente más tarde.',
          message: 'Ha ocurrido un error. Por favor intente más tarde.',
          requestId: 'test-request',
        });
        expect(log).toHaveBeenCalledWith(
          expect.stringContaining(`[test-request] POST ${endpoint} failed: database error 42P01`),
        );
      } finally {
        await environment.database.db.query('ALTER TABLE outbox_offline RENAME TO outbox');
        log.mockRestore();
      }
      expect(await countMessages()).toBe(before);
      const rows = await environment.database.db.query(`SELECT 1 FROM ${table} WHERE reference = $1`, [
        accepted.data.reference,
      ]);
      expect(rows).toHaveLength(1);
    });
  },
);
