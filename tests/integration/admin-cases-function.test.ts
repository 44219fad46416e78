import { beforeEach, describe, expect, it } from 'vitest';
import * as adminCases from '../../netlify/functions/admin-cases.ts';
import * as contacto from '../../netlify/functions/contact.ts';
import * as motorhome from '../../netlify/functions/motorhome.ts';
import * as reclamos from '../../netlify/functions/complaints.ts';
import { submitJobApplication } from '../../src/server/jobs.ts';
import { fileKey, uploadStore } from '../../src/server/uploads/store.ts';
import { SISS_SENTENCE } from '../../src/shared/cases/schema.ts';
import { accessRows, auditRows, callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { completedUpload, pdfBytes, sha256 } from '../helpers/files.ts';
import { motorhomeRegistration } from '../helpers/submissions.ts';

/** Atención ciudadana: the cases every form opens, and what staff do with them. */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let token: string;
let adminId: string;

beforeEach(async () => {
  for (const table of ['case_entries', 'cases', 'complaints', 'contact_messages', 'job_applications', 'outbox'])
    await db().query(`DELETE FROM ${table}`);
  await db().query('DELETE FROM audit_log');
  await db().query('DELETE FROM admins');
  await db().query('UPDATE case_settings SET message_business_days = 5');
  const admin = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
  token = admin.token;
  adminId = admin.id;
});

const complaint = {
  name: 'Rosa',
  surname: 'Vera',
  email: 'rosa.vera@correo.cl',
  phone: '',
  address: 'Baquedano 100',
  city: 'Coyhaique',
  clientNumber: '100001',
  complaintDetails: 'Me cobraron dos veces el mes de octubre.',
};
const message = { name: 'Luis', surname: 'Soto', email: 'luis@correo.cl', city: 'Puerto Aysén', reqs: 'Consulta.' };

/** Sends a form through its function at `at` (the local-only clock header) and answers its reference. */
async function send(fn: typeof reclamos, path: string, body: object, at: string): Promise<string> {
  const { status, body: answer } = await read(
    await callFunction(fn, 'POST', path, { body, headers: { 'x-local-now': at } }),
  );
  expect(status).toBe(200);
  return answer.data.reference as string;
}
const sendComplaint = (at = '2026-11-30T15:00:00Z', changes: object = {}) =>
  send(reclamos, '/api/reclamos', { ...complaint, ...changes }, at);
const sendMessage = (at = '2026-11-30T15:00:00Z', changes: object = {}) =>
  send(contacto, '/api/contacto', { ...message, ...changes }, at);

const call = (method: string, path: string, body?: unknown, at = '2026-12-02T15:00:00Z') =>
  callFunction(adminCases, method, path, { token, body, headers: { 'x-local-now': at } }).then(read);
const idOf = async (reference: string) =>
  (await db().query<{ id: string }>('SELECT id::text AS id FROM cases WHERE reference = $1', [reference]))[0]!.id;

describe('a form opens its case', () => {
  it('a reclamo is due 10 business days after it arrived; 8 December inside the period pushes it a day', async () => {
    const reference = await sendComplaint('2026-11-30T15:00:00Z');
    const [row] = await db().query(
      `SELECT kind, status, citizen_name, citizen_email, locality, to_char(due_on, 'YYYY-MM-DD') AS due_on FROM cases`,
    );
    expect(row).toEqual({
      kind: 'reclamo',
      status: 'recibido',
      citizen_name: 'Rosa Vera',
      citizen_email: 'rosa.vera@correo.cl',
      locality: 'Coyhaique',
      due_on: '2026-12-15',
    });
    // The citizen's acknowledgement: the reference, the deadline and the follow-up link.
    const [ack] = await db().query<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE recipient = $1',
      [complaint.email],
    );
    expect(ack!.subject).toBe(`Recibimos su reclamo (${reference})`);
    expect(ack!.body).toContain(`Su número de referencia es ${reference}.`);
    expect(ack!.body).toContain('a más tardar el martes, 15 de diciembre de 2026');
    expect(ack!.body).toContain(`http://localhost/seguimiento?referencia=${reference}`);
  });

  it('counts from the day in Chile: 23:30 on Monday 30 November in Coyhaique is Tuesday in UTC', async () => {
    await sendComplaint('2026-12-01T02:30:00Z');
    const [row] = await db().query(`SELECT to_char(due_on, 'YYYY-MM-DD') AS due_on FROM cases`);
    expect(row).toEqual({ due_on: '2026-12-15' });
  });

  it("a contact message is due by the utility's target (5 business days, then the one staff set)", async () => {
    await sendMessage('2026-11-30T15:00:00Z');
    expect((await call('PUT', '/api/admin/cases/settings', { messageBusinessDays: 7 })).status).toBe(200);
    await sendMessage('2026-11-30T15:00:00Z', { email: 'otra@correo.cl' });
    const rows = await db().query(
      `SELECT citizen_email, to_char(due_on, 'YYYY-MM-DD') AS due_on FROM cases ORDER BY id`,
    );
    expect(rows).toEqual([
      { citizen_email: 'luis@correo.cl', due_on: '2026-12-07' },
      // 1, 2, 3, 4, 7, (8 is a holiday) 9, 10 December.
      { citizen_email: 'otra@correo.cl', due_on: '2026-12-10' },
    ]);
    // The acknowledgement's deadline is the one the setting gave, chosen by the submission's own batch.
    const [ack] = await db().query<{ body: string }>(`SELECT body FROM outbox WHERE recipient = 'otra@correo.cl'`);
    expect(ack!.body).toContain('Le responderemos por escrito a más tardar el jueves, 10 de diciembre de 2026.\n\n');
  });
});

describe('GET /api/admin/cases', () => {
  it('lists open cases by deadline, with the business days left and how urgent, then the answered ones', async () => {
    const late = await sendComplaint('2026-11-13T15:00:00Z'); // due 27 November: overdue on 2 December
    const soon = await sendMessage('2026-11-26T15:00:00Z'); // due 3 December: 1 business day left
    const later = await sendComplaint('2026-11-30T15:00:00Z', { city: 'Puerto Aysén' }); // due 15 December
    const answered = await sendComplaint('2026-11-12T15:00:00Z', { email: 'otro@correo.cl' });
    await db().query(`UPDATE cases SET status = 'respondido' WHERE reference = $1`, [answered]);

    const { status, body } = await call('GET', '/api/admin/cases');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 4, page: 1, pageSize: 25, localities: ['Coyhaique', 'Puerto Aysén'] });
    expect(
      body.data.cases.map((row: Record<string, unknown>) => [
        row.reference,
        row.due_on,
        row.business_days_left,
        row.urgency,
      ]),
    ).toEqual([
      [late, '2026-11-27', -3, 'overdue'],
      [soon, '2026-12-03', 1, 'due_soon'],
      [later, '2026-12-15', 8, 'on_time'],
      [answered, '2026-11-26', null, null],
    ]);
    expect(body.data.cases[0]).toEqual({
      id: await idOf(late),
      kind: 'reclamo',
      reference: late,
      status: 'recibido',
      citizen_name: 'Rosa Vera',
      locality: 'Coyhaique',
      received_at: '2026-11-13T15:00:00Z',
      due_on: '2026-11-27',
      business_days_left: -3,
      urgency: 'overdue',
      assignee_id: null,
      assignee_name: null,
    });
  });

  it('a deadline passed on Friday is overdue on the weekend, before a business day has gone by since', async () => {
    await sendComplaint('2026-11-13T15:00:00Z'); // due Friday 27 November
    const { body } = await call('GET', '/api/admin/cases', undefined, '2026-11-28T15:00:00Z');
    expect(body.data.cases[0]).toMatchObject({ due_on: '2026-11-27', business_days_left: 0, urgency: 'overdue' });
  });

  it('filters by kind, status, locality and text (reference, name or e-mail, literally), and pages on the server', async () => {
    const first = await sendComplaint();
    await sendComplaint(undefined, { city: 'Cochrane', email: 'x_y@correo.cl', name: 'Pedro' });
    await sendMessage();
    const references = async (query: string) =>
      (await call('GET', `/api/admin/cases${query}`)).body.data.cases.map(
        (row: { reference: string }) => row.reference,
      );

    expect(await references('?kind=mensaje')).toEqual([expect.stringMatching(/^CON-/)]);
    expect(await references('?locality=Cochrane')).toHaveLength(1);
    expect(await references('?status=cerrado')).toEqual([]);
    expect(await references(`?q=${first.toLowerCase()}`)).toEqual([first]);
    expect(await references('?q=pedro')).toHaveLength(1);
    // "_" is a letter here, not LIKE's wildcard.
    expect(await references('?q=x_y')).toHaveLength(1);
    expect(await references('?q=xzy')).toEqual([]);
    expect((await call('GET', '/api/admin/cases?page=2')).body.data).toMatchObject({ cases: [], total: 3, page: 2 });
  });

  it('refuses an unknown kind or status, and a bad page, with 400', async () => {
    for (const query of ['?kind=denuncia', '?status=abierto', '?page=0'])
      expect((await call('GET', `/api/admin/cases${query}`)).status).toBe(400);
  });
});

describe('one case', () => {
  it('GET shows what the citizen sent, in the form’s order, and who it can be assigned to', async () => {
    const reference = await sendComplaint();
    const { status, body } = await call('GET', `/api/admin/cases/${await idOf(reference)}`);
    expect(status).toBe(200);
    expect(body.data.case).toMatchObject({
      reference,
      citizen_email: complaint.email,
      attachments: [],
      entries: [],
      answered_at: null,
      closed_at: null,
    });
    expect(body.data.case.fields).toEqual([
      { label: 'Nombre', value: 'Rosa Vera' },
      { label: 'Correo electrónico', value: complaint.email },
      { label: 'Teléfono', value: '' },
      { label: 'Dirección', value: 'Baquedano 100' },
      { label: 'Ciudad', value: 'Coyhaique' },
      { label: 'Número de servicio', value: '100001' },
      { label: 'Detalle del reclamo', value: complaint.complaintDetails },
    ]);
    expect(body.data.assignees).toEqual([{ id: adminId, name: 'Ana Admin' }]);
  });

  it("shows when a motorhome visitor accepted the conditions on Aysén's clock (09:00 in July, not 08:00)", async () => {
    const { status, body: answer } = await read(
      await callFunction(motorhome, 'POST', '/api/motorhome', { body: motorhomeRegistration }),
    );
    expect(status).toBe(200);
    const { reference } = answer.data as { reference: string };
    await db().query(
      `UPDATE motorhome_registrations SET accepted_terms_at = '2027-07-15T12:00:00Z' WHERE reference = $1`,
      [reference],
    );
    const { body } = await call('GET', `/api/admin/cases/${await idOf(reference)}`);
    expect(body.data.case.fields).toContainEqual({ label: 'Aceptó las condiciones', value: '15-07-2027 09:00' });
  });

  it('answers 404 for a case that does not exist, or an id that is not one', async () => {
    for (const id of ['999999', 'abc', '1;DROP'])
      expect(await call('GET', `/api/admin/cases/${id}`)).toMatchObject({
        status: 404,
        body: { error: 'Ese caso no existe.' },
      });
  });

  it('PUT changes the status and the assignee, in the audit log; closing stamps closed_at, reopening clears it', async () => {
    const reference = await sendComplaint();
    const id = await idOf(reference);
    const assigned = await call('PUT', `/api/admin/cases/${id}`, { status: 'en_revision', assigneeId: adminId });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.case).toMatchObject({
      status: 'en_revision',
      assignee_id: adminId,
      assignee_name: 'Ana Admin',
    });

    const closed = await call('PUT', `/api/admin/cases/${id}`, { status: 'cerrado' });
    expect(closed.body.data.case).toMatchObject({ status: 'cerrado', closed_at: expect.any(String), urgency: null });
    const reopened = await call('PUT', `/api/admin/cases/${id}`, { status: 'en_revision', assigneeId: null });
    expect(reopened.body.data.case).toMatchObject({ status: 'en_revision', closed_at: null, assignee_id: null });

    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'update',
        entity: 'case',
        entity_id: id,
        summary: `${reference}: En revisión, asignado a Ana Admin`,
      },
      {
        admin_email: 'ana@example.com',
        action: 'update',
        entity: 'case',
        entity_id: id,
        summary: `${reference}: Cerrado`,
      },
      {
        admin_email: 'ana@example.com',
        action: 'update',
        entity: 'case',
        entity_id: id,
        summary: `${reference}: En revisión, sin asignar`,
      },
    ]);
  });

  it('PUT refuses nothing to change, an unknown status and an administrator who does not exist', async () => {
    const id = await idOf(await sendComplaint());
    expect((await call('PUT', `/api/admin/cases/${id}`, {})).body.errors).toEqual({ status: 'Indique qué cambiar.' });
    expect((await call('PUT', `/api/admin/cases/${id}`, { status: 'abierto' })).status).toBe(400);
    expect(
      await call('PUT', `/api/admin/cases/${id}`, { assigneeId: '00000000-0000-4000-8000-000000000000' }),
    ).toMatchObject({ status: 400, body: { errors: { assigneeId: 'Ese administrador no existe.' } } });
    expect((await call('PUT', '/api/admin/cases/999999', { status: 'cerrado' })).status).toBe(404);
    expect(await auditRows(db())).toEqual([]);
  });

  it('a note is kept on the case, with its author, for staff only', async () => {
    const reference = await sendComplaint();
    const id = await idOf(reference);
    const { status, body } = await call('POST', `/api/admin/cases/${id}/notes`, { body: 'Llamar al cliente.' });
    expect(status).toBe(201);
    expect(body.data.case.entries).toEqual([
      {
        id: expect.any(String),
        kind: 'note',
        body: 'Llamar al cliente.',
        admin_name: 'Ana Admin',
        created_at: expect.any(String),
      },
    ]);
    expect(body.data.case.status).toBe('recibido');
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'create',
        entity: 'case',
        entity_id: id,
        summary: `nota interna en ${reference}`,
      },
    ]);
    expect((await call('POST', `/api/admin/cases/${id}/notes`, { body: '  ' })).body.errors).toEqual({
      body: 'Escriba la nota.',
    });
    expect((await call('POST', '/api/admin/cases/999999/notes', { body: 'x' })).status).toBe(404);
  });

  it('a reply to a reclamo is mailed to the citizen ending with the SISS sentence, kept, and the case is Respondido', async () => {
    const reference = await sendComplaint();
    const id = await idOf(reference);
    const { status, body } = await call('POST', `/api/admin/cases/${id}/replies`, {
      body: 'Revisamos su boleta: le devolveremos el cobro duplicado.',
    });
    expect(status).toBe(201);
    const expected = `Revisamos su boleta: le devolveremos el cobro duplicado.\n\n${SISS_SENTENCE}`;
    expect(body.data.case).toMatchObject({ status: 'respondido', answered_at: expect.any(String), urgency: null });
    expect(body.data.case.entries).toEqual([expect.objectContaining({ kind: 'reply', body: expected })]);
    const [mail] = await db().query<{ recipient: string; reply_to: string; subject: string; body: string }>(
      `SELECT recipient, reply_to, subject, body FROM outbox WHERE subject LIKE 'Respuesta%'`,
    );
    expect(mail).toMatchObject({
      recipient: complaint.email,
      reply_to: 'reclamos@example.com',
      subject: `Respuesta a su reclamo (${reference})`,
    });
    expect(mail!.body).toContain(expected);
    expect(mail!.body).toContain(`/seguimiento?referencia=${reference}`);
    expect(await auditRows(db())).toEqual([
      { admin_email: 'ana@example.com', action: 'reply', entity: 'case', entity_id: id, summary: reference },
    ]);
  });

  it('a reply to a contact message carries no SISS sentence', async () => {
    const id = await idOf(await sendMessage());
    await call('POST', `/api/admin/cases/${id}/replies`, { body: 'Gracias por escribirnos.' });
    const [mail] = await db().query<{ body: string }>(`SELECT body FROM outbox WHERE subject LIKE 'Respuesta%'`);
    expect(mail!.body).toContain('Gracias por escribirnos.');
    expect(mail!.body).not.toContain('SISS');
  });

  it("an application's CV downloads for staff only, and the read is in the audit log", async () => {
    const bytes = pdfBytes();
    const [upload] = await db().query<{ id: string }>(
      `INSERT INTO uploads (purpose, file_name, declared_size, status, content_type, sha256)
       VALUES ('cv', 'cv ana.pdf', $1, 'complete', 'application/pdf', $2) RETURNING id`,
      [bytes.byteLength, sha256(bytes)],
    );
    await uploadStore().set(fileKey(upload!.id), bytes.buffer);
    const { reference } = await submitJobApplication(
      db(),
      { name: 'Ana Pérez', email: 'ana.perez@correo.cl', rut: '12.345.678-5', address: '' },
      completedUpload(upload!.id, 'cv'),
      { at: new Date(), origin: 'http://localhost' },
    );
    const id = await idOf(reference);
    const detail = await call('GET', `/api/admin/cases/${id}`);
    expect(detail.body.data.case).toMatchObject({ kind: 'postulacion', due_on: null, urgency: null });
    expect(detail.body.data.case.attachments).toEqual([{ id: upload!.id, name: 'cv ana.pdf', size: bytes.byteLength }]);

    const response = await callFunction(adminCases, 'GET', `/api/admin/cases/${id}/attachments/${upload!.id}`, {
      token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="cv-ana.pdf"; filename*=UTF-8''cv%20ana.pdf`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(await accessRows(db())).toEqual([
      expect.objectContaining({ action: 'view', entity: 'case', entity_id: id, summary: `CV de ${reference}` }),
    ]);

    const otherCase = await idOf(await sendComplaint());
    expect((await call('GET', `/api/admin/cases/${otherCase}/attachments/${upload!.id}`)).status).toBe(404);
    const anonymous = await callFunction(adminCases, 'GET', `/api/admin/cases/${id}/attachments/${upload!.id}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('/api/admin/cases/settings', () => {
  it('reads and changes the contact-message target, in the audit log', async () => {
    expect((await call('GET', '/api/admin/cases/settings')).body.data).toEqual({ messageBusinessDays: 5 });
    expect((await call('PUT', '/api/admin/cases/settings', { messageBusinessDays: 8 })).body.data).toEqual({
      messageBusinessDays: 8,
    });
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'update',
        entity: 'case_settings',
        entity_id: 'mensajes',
        summary: 'plazo de mensajes: 8 días hábiles',
      },
    ]);
  });

  it.each([
    [0, 'El plazo es de al menos 1 día hábil.'],
    [31, 'El plazo es de a lo más 30 días hábiles.'],
    [2.5, 'Indique un número entero de días hábiles.'],
    ['x', 'Indique un número de días hábiles.'],
    ['', 'Indique un número de días hábiles.'],
  ])('refuses %s', async (days, error) => {
    const { status, body } = await call('PUT', '/api/admin/cases/settings', { messageBusinessDays: days });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ messageBusinessDays: error });
  });
});
