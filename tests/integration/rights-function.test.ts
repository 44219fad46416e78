import { createHash } from 'node:crypto';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import rights, { config as rightsConfig } from '../../netlify/functions/rights.ts';
import rightsConfirm, { config as confirmConfig } from '../../netlify/functions/rights-confirm.ts';
import seguimiento from '../../netlify/functions/cases-follow-up.ts';
import contact from '../../netlify/functions/contact.ts';
import { createPgDatabase } from '../../src/server/db/pg-database.ts';
import { hashToken, newToken } from '../../src/server/link-tokens.ts';
import { confirmRightsEmail } from '../../src/server/rights/confirm.ts';
import { fieldMessages } from '../../src/shared/fields.ts';
import { refusals } from '../../src/shared/refusals.ts';
import { confirmTexts, RIGHTS_CONFIRM_PATH } from '../../src/shared/rights/texts.ts';
import { site } from '../../src/shared/site.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { failureBody, invalidFormBody, postJson, testContext } from '../helpers/functions.ts';

/**
 * Derechos ARCO+, the public side: POST /api/derechos stores a rights request as a case
 * of Atención ciudadana, due 15 business days later on Chile's calendar, with its mail to the
 * privacy mailbox and the acknowledgement that carries the link confirming the e-mail; POST
 * /api/derechos/confirmar confirms it once, with a token stored only hashed.
 */

const environment = useLocalEnvironment();
const db = () => environment.database.db;

beforeEach(async () => {
  for (const table of [
    'rights_requests',
    'case_entries',
    'cases',
    'outbox',
    'mail_acknowledgements',
    'follow_up_failures',
  ])
    await db().query(`DELETE FROM ${table}`);
});

const valid = {
  type: 'acceso',
  name: 'Rosa Vera',
  email: 'rosa.vera@correo.cl',
  rut: '12.345.678-5',
  serviceNumber: '100001',
  details: 'Quiero saber qué datos míos tienen. Envié el reclamo REC-7K3M9Q2X.',
};

/** Friday 4 December 2026, 17:00 in Aysén; Tuesday 8 December is a public holiday (Inmaculada Concepción). */
const FRIDAY_BEFORE_HOLIDAY = '2026-12-04T20:00:00Z';

/** The request's headers, arriving at `now` (local mode's x-local-now). */
const at = (now: string) => ({ headers: { 'content-type': 'application/json', 'x-local-now': now } });

async function submit(body: unknown, now = FRIDAY_BEFORE_HOLIDAY) {
  const { context, settle } = testContext();
  const response = await rights(postJson('/api/derechos', body, at(now)), context);
  await settle();
  return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() };
}

async function confirm(token: unknown, now = FRIDAY_BEFORE_HOLIDAY) {
  const { context } = testContext();
  const response = await rightsConfirm(
    postJson('/api/derechos/confirmar', token === undefined ? {} : { token }, at(now)),
    context,
  );
  return { status: response.status, body: await response.json() };
}

const mails = (reference: string) =>
  db().query<{ recipient: string; reply_to: string | null; subject: string; body: string }>(
    'SELECT recipient, reply_to, subject, body FROM outbox WHERE reference = $1 ORDER BY id',
    [reference],
  );

/** The token of the confirmation link in the requester's acknowledgement. */
async function mailedToken(reference: string, email = valid.email): Promise<string> {
  const acknowledgement = (await mails(reference)).find((mail) => mail.recipient === email);
  const link = new RegExp(`http://localhost${RIGHTS_CONFIRM_PATH}\\?token=([A-Za-z0-9_-]{43})`).exec(
    acknowledgement!.body,
  );
  return link![1]!;
}

const countRequests = async () =>
  Number((await db().query<{ n: string }>('SELECT count(*) AS n FROM rights_requests'))[0]!.n);

describe('POST /api/derechos', () => {
  it('answers the reference, the due date, 15 business days later on Chile’s calendar (over 8 December), and that the link was mailed', async () => {
    const { status, cache, body } = await submit(valid);
    expect(status).toBe(200);
    expect(cache).toBe('no-store');
    // From Friday 4: 7, (8 is a holiday) 9, 10, 11, 14–18, 21–24, (25 is Christmas) 28, 29.
    expect(body).toEqual({
      success: true,
      message: 'Mensaje enviado.',
      data: {
        reference: expect.stringMatching(/^DER-[2-9A-Z]{8}$/),
        dueDate: '2026-12-29',
        confirmationSent: true,
      },
    });
  });

  it('counts from the day of arrival in Aysén, not in UTC', async () => {
    // 22:30 on Friday 4 in Aysén is already Saturday 5 in UTC: the request arrived on Friday.
    const friday = await submit({ ...valid, email: 'viernes@correo.cl' }, '2026-12-05T01:30:00Z');
    expect(friday.body.data.dueDate).toBe('2026-12-29');
    const [acknowledgement] = (await mails(friday.body.data.reference)).filter(
      (m) => m.recipient === 'viernes@correo.cl',
    );
    expect(acknowledgement!.body).toContain('Recibimos el viernes, 4 de diciembre de 2026 una solicitud de acceso');
    // 22:30 on Thursday 3 is Friday 4 in UTC: counted from Thursday, one business day earlier.
    const thursday = await submit({ ...valid, email: 'jueves@correo.cl' }, '2026-12-04T01:30:00Z');
    expect(thursday.body.data.dueDate).toBe('2026-12-28');
  });

  it('stores the request, its case of kind derechos, the mail to the privacy mailbox and the confirmation link', async () => {
    const { body } = await submit(valid);
    const { reference } = body.data;

    const [request] = await db().query(
      `SELECT type, name, email, rut, service_number, details, email_confirmed_at,
         confirm_expires_at = '2026-12-11T20:00:00Z'::timestamptz AS expires_in_seven_days
       FROM rights_requests WHERE reference = $1`,
      [reference],
    );
    expect(request).toEqual({
      type: 'acceso',
      name: 'Rosa Vera',
      email: 'rosa.vera@correo.cl',
      rut: '12.345.678-5',
      service_number: '100001',
      details: valid.details,
      email_confirmed_at: null,
      expires_in_seven_days: true,
    });
    const [caseRow] = await db().query(
      `SELECT kind, status, citizen_name, citizen_email, to_char(due_on, 'YYYY-MM-DD') AS due_on
       FROM cases WHERE reference = $1`,
      [reference],
    );
    expect(caseRow).toEqual({
      kind: 'derechos',
      status: 'recibido',
      citizen_name: 'Rosa Vera',
      citizen_email: 'rosa.vera@correo.cl',
      due_on: '2026-12-29',
    });

    const [toPrivacy, acknowledgement, ...more] = await mails(reference);
    expect(more).toEqual([]);
    expect(toPrivacy).toMatchObject({
      recipient: site.mailboxes.privacy,
      reply_to: 'rosa.vera@correo.cl',
      subject: `Solicitud de derechos ${reference}: Acceso, Rosa Vera`,
    });
    expect(toPrivacy!.body).toContain('martes, 29 de diciembre de 2026');
    expect(toPrivacy!.body).toContain(valid.details);
    expect(acknowledgement).toMatchObject({
      recipient: 'rosa.vera@correo.cl',
      reply_to: null,
      subject: `Confirme su solicitud de derechos sobre sus datos (${reference})`,
    });
    expect(acknowledgement!.body).toContain(`http://localhost${RIGHTS_CONFIRM_PATH}?token=`);
    expect(acknowledgement!.body).toContain(`/seguimiento?referencia=${reference}`);
    expect(acknowledgement!.body).toContain(
      'Le responderemos por escrito a más tardar el martes, 29 de diciembre de 2026.',
    );
    // The requester's own words are not in their acknowledgement: anyone can type anyone's address.
    expect(acknowledgement!.body).not.toContain('Quiero saber');
  });

  it('stores the token only hashed: the link’s token is nowhere in the request, its SHA-256 is', async () => {
    const { body } = await submit(valid);
    const token = await mailedToken(body.data.reference);
    const rows = await db().query<{ confirm_token_hash: string }>('SELECT * FROM rights_requests');
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.confirm_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('stores and answers past the address’s daily cap of acknowledgements, without mailing it again, and says the link was not mailed', async () => {
    const sent = [];
    for (let n = 0; n < 4; n++) sent.push(await submit({ ...valid, email: 'tope@correo.cl' }));
    expect(sent.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // The page then tells the fourth no mail is coming (RightsForm), rather than to look for one.
    expect(sent.map(({ body }) => body.data.confirmationSent)).toEqual([true, true, true, false]);
    expect(sent[3]!.body.data).toEqual({
      reference: expect.stringMatching(/^DER-[2-9A-Z]{8}$/),
      dueDate: '2026-12-29',
      confirmationSent: false,
    });
    expect(await countRequests()).toBe(4);
    const recipients = await Promise.all(
      sent.map(async ({ body }) => (await mails(body.data.reference)).map((mail) => mail.recipient)),
    );
    // Three links a day to one mailbox (MAIL_RIGHTS_CONFIRMATIONS_PER_DAY's default); the privacy mailbox gets every one.
    expect(recipients).toEqual([
      [site.mailboxes.privacy, 'tope@correo.cl'],
      [site.mailboxes.privacy, 'tope@correo.cl'],
      [site.mailboxes.privacy, 'tope@correo.cl'],
      [site.mailboxes.privacy],
    ]);
  });

  it("mails the confirmation link after contact forms typed with the person's address used up its acknowledgements: a budget of its own", async () => {
    const victim = 'Ana.Perez@gmail.com';
    for (let n = 0; n < 4; n++) {
      const { context, settle } = testContext();
      const response = await contact(
        postJson(
          '/api/contacto',
          { name: 'X', surname: 'Y', email: `anaperez+${n}@gmail.com`, reqs: 'Hola.' },
          at(FRIDAY_BEFORE_HOLIDAY),
        ),
        context,
      );
      await settle();
      expect(response.status).toBe(200);
    }
    // Three acknowledged, the fourth not: the forms' share of the mailbox is spent.
    const [acknowledged] = await db().query<{ n: string }>(
      `SELECT count(*) AS n FROM outbox WHERE reference LIKE 'CON-%' AND recipient ILIKE 'anaperez%'`,
    );
    expect(Number(acknowledged!.n)).toBe(3);

    const { body } = await submit({ ...valid, email: victim });
    expect(body.data.confirmationSent).toBe(true);
    expect(await mailedToken(body.data.reference, victim)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  describe.each([
    ['a missing right', { type: undefined }, { type: 'Elija el derecho que desea ejercer.' }],
    ['a right that does not exist', { type: 'olvido' }, { type: 'Elija el derecho que desea ejercer.' }],
    ['a missing name', { name: '  ' }, { name: 'Ingrese su nombre completo.' }],
    ['a bad e-mail', { email: 'rosa-at-correo.cl' }, { email: fieldMessages.invalidEmail }],
    ['a missing e-mail', { email: undefined }, { email: fieldMessages.requiredEmail }],
    ['an invalid RUT', { rut: '12.345.678-9' }, { rut: 'Ingrese un RUT válido, por ejemplo 12.345.678-5.' }],
    ['a RUT too long', { rut: '1'.repeat(13) }, { rut: 'Máximo 12 caracteres.' }],
    ['a service number too long', { serviceNumber: '1'.repeat(21) }, { serviceNumber: 'Máximo 20 caracteres.' }],
    ['missing details', { details: '' }, { details: 'Cuéntenos qué necesita.' }],
    ['details too long', { details: 'x'.repeat(3001) }, { details: 'Máximo 3000 caracteres.' }],
    ['a line break in the name', { name: 'Rosa\nVera' }, { name: fieldMessages.controlCharacters }],
    // Every request's text is checked before the schema (src/server/input-text.ts).
    ['a control character in the details', { details: 'Mis datos\u0007' }, { details: refusals.invalidText }],
    [
      'several at once',
      { type: '', email: 'x', rut: '1-1' },
      {
        type: 'Elija el derecho que desea ejercer.',
        email: fieldMessages.invalidEmail,
        rut: 'Ingrese un RUT válido, por ejemplo 12.345.678-5.',
      },
    ],
  ])('with %s', (_case, change, errors) => {
    it('answers 400 with the Spanish field messages and stores nothing', async () => {
      const { status, body } = await submit({ ...valid, ...change });
      expect(status).toBe(400);
      expect(body).toEqual(invalidFormBody(errors));
      expect(await countRequests()).toBe(0);
      expect(await db().query('SELECT 1 FROM cases')).toEqual([]);
      expect(await db().query('SELECT 1 FROM outbox')).toEqual([]);
    });
  });

  it('keeps line breaks in the details, takes the RUT and service number as optional', async () => {
    const { status, body } = await submit({ ...valid, rut: '', serviceNumber: undefined, details: 'Línea 1\nLínea 2' });
    expect(status).toBe(200);
    const [row] = await db().query('SELECT rut, service_number, details FROM rights_requests WHERE reference = $1', [
      body.data.reference,
    ]);
    expect(row).toEqual({ rut: '', service_number: '', details: 'Línea 1\nLínea 2' });
  });

  it('answers 405 to any method but POST, and is rate limited', async () => {
    const response = await rights(new Request('http://localhost/api/derechos'), testContext().context);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(rightsConfig).toMatchObject({ path: '/api/derechos', rateLimit: { windowLimit: 10 } });
  });
});

describe('POST /api/derechos/confirmar', () => {
  it('confirms the e-mail once with the mailed token; the second time the link is invalid', async () => {
    const { body } = await submit(valid);
    const { reference } = body.data;
    const token = await mailedToken(reference);

    const first = await confirm(token, '2026-12-07T12:00:00Z');
    expect(first).toEqual({
      status: 200,
      body: { success: true, message: confirmTexts.confirmed(reference), data: { reference } },
    });
    const [row] = await db().query(
      `SELECT email_confirmed_at = '2026-12-07T12:00:00Z'::timestamptz AS confirmed, confirm_token_hash
       FROM rights_requests WHERE reference = $1`,
      [reference],
    );
    expect(row).toEqual({ confirmed: true, confirm_token_hash: null });

    expect(await confirm(token, '2026-12-07T12:01:00Z')).toEqual({
      status: 404,
      body: failureBody(confirmTexts.invalid),
    });
  });

  it('refuses a token past its 7 days (8 days later), leaving the request unconfirmed', async () => {
    const { body } = await submit(valid);
    const token = await mailedToken(body.data.reference);
    expect(await confirm(token, '2026-12-12T20:00:00Z')).toEqual({
      status: 404,
      body: failureBody(confirmTexts.invalid),
    });
    const [row] = await db().query('SELECT email_confirmed_at FROM rights_requests');
    expect(row).toEqual({ email_confirmed_at: null });
    // Up to its last moment it still works.
    expect((await confirm(token, '2026-12-11T19:59:59Z')).status).toBe(200);
  });

  it('refuses a token that is not one it could have mailed (404) and a malformed one (400)', async () => {
    await submit(valid);
    expect(await confirm(newToken())).toEqual({ status: 404, body: failureBody(confirmTexts.invalid) });
    expect(await confirm('abc')).toEqual({
      status: 400,
      body: invalidFormBody({ token: 'El código de confirmación no es válido.' }),
    });
    expect(await confirm(undefined)).toEqual({
      status: 400,
      body: invalidFormBody({ token: 'Falta el código de confirmación.' }),
    });
    expect(await db().query('SELECT email_confirmed_at FROM rights_requests')).toEqual([{ email_confirmed_at: null }]);
  });

  it('answers 405 to any method but POST (a mail scanner’s GET confirms nothing), and is rate limited', async () => {
    const { body } = await submit(valid);
    const token = await mailedToken(body.data.reference);
    const response = await rightsConfirm(
      new Request(`http://localhost/api/derechos/confirmar?token=${token}`),
      testContext().context,
    );
    expect(response.status).toBe(405);
    expect(await db().query('SELECT email_confirmed_at FROM rights_requests')).toEqual([{ email_confirmed_at: null }]);
    expect(confirmConfig).toMatchObject({ path: '/api/derechos/confirmar', rateLimit: { windowLimit: 10 } });
  });

  it('two presses at once, on separate sessions, confirm once: one 200, the other the invalid link (20 rounds)', async () => {
    const competitors = [0, 1].map(() =>
      createPgDatabase(new pg.Pool({ connectionString: environment.database.url, max: 1 })),
    );
    try {
      for (let round = 0; round < 20; round++) {
        const token = newToken();
        await db().query(
          `INSERT INTO rights_requests (reference, type, name, email, details, confirm_token_hash, confirm_expires_at)
           VALUES ($1, 'acceso', 'Rosa', 'rosa@correo.cl', 'Mis datos', $2, now() + interval '7 days')`,
          [`DER-RACE${round}`, hashToken(token)],
        );
        const outcomes = await Promise.allSettled(
          competitors.map((competitor) => confirmRightsEmail(competitor, token, new Date())),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toEqual([
          { status: 'fulfilled', value: `DER-RACE${round}` },
        ]);
        expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([
          { status: 'rejected', reason: expect.objectContaining({ message: confirmTexts.invalid }) },
        ]);
      }
    } finally {
      await Promise.all(competitors.map((competitor) => competitor.close()));
    }
  });
});

describe('/seguimiento', () => {
  it('finds the DER- case with its reference and e-mail: kind derechos, due date, no replies yet', async () => {
    const { body } = await submit(valid);
    const { reference } = body.data;
    const response = await seguimiento(
      postJson('/api/seguimiento', { reference: reference.toLowerCase(), email: 'ROSA.VERA@correo.cl' }),
      testContext().context,
    );
    expect(response.status).toBe(200);
    expect((await response.json()).data.case).toEqual({
      kind: 'derechos',
      reference,
      status: 'recibido',
      received_at: '2026-12-04T20:00:00Z',
      due_on: '2026-12-29',
      answered_at: null,
      closed_at: null,
      replies: [],
    });
  });

  it("shows the case's replies only once the request's e-mail is confirmed: before, whoever typed the address may be someone else", async () => {
    const { body } = await submit(valid);
    const { reference } = body.data;
    await db().query(
      `INSERT INTO case_entries (case_id, kind, body, admin_name)
       SELECT id, 'reply', 'Encontramos estos datos suyos: reclamo REC-7K3M9Q2X.', 'Ana Admin' FROM cases WHERE reference = $1`,
      [reference],
    );
    const replies = async () => {
      const response = await seguimiento(
        postJson('/api/seguimiento', { reference, email: valid.email }),
        testContext().context,
      );
      expect(response.status).toBe(200);
      return ((await response.json()).data.case.replies as { body: string }[]).map((reply) => reply.body);
    };
    expect(await replies()).toEqual([]);
    await confirmRightsEmail(db(), await mailedToken(reference), new Date());
    expect(await replies()).toEqual(['Encontramos estos datos suyos: reclamo REC-7K3M9Q2X.']);
  });
});
