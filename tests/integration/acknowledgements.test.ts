import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRunRecords } from '../helpers/work-markers.ts';
import contacto from '../../netlify/functions/contact.ts';
import outboxRetry from '../../netlify/functions/outbox-retry.ts';
import reclamos from '../../netlify/functions/complaints.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { postJson, testContext } from '../helpers/functions.ts';

/**
 * A visitor can type anyone's address into a public form. The acknowledgement
 * opens with the utility's words and quotes the visitor's text below, and one address receives
 * at most three a day; past that the submission is stored and answered as usual.
 */
const environment = useLocalEnvironment();
// Each test's rows are written behind the port, which no marker sees: every run looks.
beforeEach(forgetRunRecords);
const db = () => environment.database.db;
afterEach(() => vi.unstubAllEnvs());

async function contact(email: string, name = 'Ana') {
  const { context, settle } = testContext();
  const response = await contacto(
    postJson('/api/contacto', { name, surname: 'Rojas', email, reqs: 'Consulta por mi boleta.' }),
    context,
  );
  await settle();
  return { status: response.status, body: await response.json() };
}

const acknowledgements = (email: string) =>
  db().query<{ reference: string; subject: string; body: string }>(
    `SELECT reference, subject, body FROM outbox WHERE lower(recipient) = lower($1) ORDER BY id`,
    [email],
  );

describe('the acknowledgement of a public form', () => {
  it("opens with the utility's words; the name typed in the form comes last, quoted as received", async () => {
    const phishing = 'Cuenta suspendida, vea https://malo.example';
    const { body } = await contact('rosa@example.com', phishing);
    const [ack] = await acknowledgements('rosa@example.com');
    expect(ack!.subject).toBe(`Recibimos su mensaje (${body.data.reference})`);
    const lines = ack!.body.split('\n');
    expect(lines[0]).toMatch(/^Recibimos su mensaje el [^,]+, \d+ de \S+ de \d{4}\. Su número de referencia es CON-/);
    expect(lines).toContain(
      'Si usted no envió su mensaje, no necesita hacer nada: alguien escribió esta dirección en un formulario de nuestro sitio.',
    );
    expect(lines.slice(-2)).toEqual([
      'Datos recibidos, tal como se escribieron en el formulario:',
      `> Nombre: ${phishing} Rojas`,
    ]);
    // The visitor's words appear nowhere else in the mail.
    expect(lines.filter((line) => line.includes('malo.example'))).toEqual([`> Nombre: ${phishing} Rojas`]);
  });

  it('the same for a complaint, with its deadline', async () => {
    const { context, settle } = testContext();
    await reclamos(
      postJson('/api/reclamos', {
        name: 'Luis',
        surname: 'Vera',
        email: 'luis@example.com',
        address: 'Baquedano 100',
        city: 'Coyhaique',
        clientNumber: '100001',
        complaintDetails: 'La boleta llegó con un consumo que no corresponde.',
      }),
      context,
    );
    await settle();
    const [ack] = await acknowledgements('luis@example.com');
    const lines = ack!.body.split('\n');
    expect(lines[0]).toMatch(/^Recibimos su reclamo el /);
    expect(lines[1]).toMatch(/^Le responderemos por escrito a más tardar el /);
    expect(lines.at(-1)).toBe('> Nombre: Luis Vera');
    expect(ack!.body).not.toContain('La boleta llegó');
  });

  it('goes to one address three times a day at most, however spelt; the rest is stored and answered as usual', async () => {
    const spellings = [
      'Marta.Soto@gmail.com',
      'martasoto+pagos@gmail.com',
      'MARTASOTO@googlemail.com',
      'm.arta.soto@gmail.com',
    ];
    const answers = [];
    for (const email of spellings) answers.push(await contact(email));
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, message: 'Mensaje enviado.' });
    }
    const references = answers.map(({ body }) => body.data.reference as string);
    const stored = await db().query<{ reference: string }>(
      'SELECT reference FROM contact_messages WHERE reference = ANY($1) ORDER BY id',
      [references],
    );
    expect(stored).toHaveLength(4);
    // Each one reached the utility's mailbox; only the first three were acknowledged.
    const mails = await db().query<{ reference: string; recipient: string }>(
      'SELECT reference, recipient FROM outbox WHERE reference = ANY($1) ORDER BY id',
      [references],
    );
    expect(mails.filter(({ recipient }) => recipient === 'contacto@example.com')).toHaveLength(4);
    expect(
      mails.filter(({ recipient }) => recipient !== 'contacto@example.com').map(({ reference }) => reference),
    ).toEqual(references.slice(0, 3));
    // Another address is not affected.
    await contact('otra@example.com');
    expect(await acknowledgements('otra@example.com')).toHaveLength(1);
  });

  it('follows MAIL_ACKNOWLEDGEMENTS_PER_DAY, and refuses a value that is not a number (503)', async () => {
    vi.stubEnv('MAIL_ACKNOWLEDGEMENTS_PER_DAY', '1');
    await contact('pedro@example.com');
    await contact('pedro@example.com');
    expect(await acknowledgements('pedro@example.com')).toHaveLength(1);
    vi.stubEnv('MAIL_ACKNOWLEDGEMENTS_PER_DAY', 'tres');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await contact('juana@example.com')).status).toBe(503);
    expect(log.mock.calls.flat().join(' ')).toContain('MAIL_ACKNOWLEDGEMENTS_PER_DAY');
    log.mockRestore();
  });

  it("keeps only today's counts: outbox-retry forgets past days", async () => {
    await db().query(
      `INSERT INTO mail_acknowledgements (recipient_hash, day, mails) VALUES ('ayer', current_date - 2, 3)`,
    );
    await contact('sofia@example.com');
    expect(
      (
        await outboxRetry(
          new Request('http://localhost/.netlify/functions/outbox-retry', { method: 'POST' }),
          testContext().context,
        )
      ).status,
    ).toBe(204);
    const days = await db().query<{ recipient_hash: string }>('SELECT recipient_hash FROM mail_acknowledgements');
    expect(days.map(({ recipient_hash }) => recipient_hash)).not.toContain('ayer');
    expect(days.length).toBeGreaterThan(0);
  });
});

describe('one mailbox, however the address is spelt', () => {
  it.each([
    ['Ana.Rojas@Gmail.com', 'anarojas@gmail.com'],
    ['ana.rojas+boletas@googlemail.com', 'anarojas@gmail.com'],
    ['Ana.Rojas+x@correo.cl', 'ana.rojas@correo.cl'],
    ['ANA@CORREO.CL', 'ana@correo.cl'],
    [' ana.perez+x@Gmail.com ', 'anaperez@gmail.com'],
    ['a.na.perez@gmail.com', 'anaperez@gmail.com'],
  ])('%s is %s', async (address, mailbox) => {
    const [row] = await db().query<{ mailbox: string }>('SELECT mailbox_of($1) AS mailbox', [address]);
    expect(row!.mailbox).toBe(mailbox);
  });
});
