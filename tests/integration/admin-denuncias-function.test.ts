import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as adminDenuncias from '../../netlify/functions/admin-denuncias.ts';
import denuncias from '../../netlify/functions/denuncias.ts';
import { reporterMessageStatements } from '../../src/server/denuncias/messages.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';
import { receiveFile, storeAndAttach } from '../../src/server/uploads/files.ts';
import { authMessages } from '../../src/shared/auth/schema.ts';
import { callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { databaseDump } from '../helpers/database.ts';
import { multipart, pdfBytes, pngBytes, sha256 } from '../helpers/files.ts';
import { testContext } from '../helpers/functions.ts';

/** The compliance desk: only the `cumplimiento` role reads and works denuncias. */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
type Account = Awaited<ReturnType<typeof signedInAdmin>>;
let officer: Account;
let administrator: Account;

const report = {
  denunciaRelacion: 'Trabajador',
  denunciaRelacionText: '',
  denunciaLugar: 'Otro',
  denunciaLugarText: 'Bodega de Puerto Aysén',
  denunciaType: 'Acoso laboral',
  name: 'Pedro',
  lastName: 'Paz',
  phone: '+56 9 1234 5678',
  contactTime: 'De 9:00 a 12:00',
  email: 'pedro.paz@correo.cl',
  denunciaDate: 'Octubre de 2026',
  denunciaTime: 'Menos de un mes',
  denunciaPlace: 'Turno de noche',
  denunciaKnowledge: 'Lo observé',
  denunciaKnowledgeText: '',
  denunciaIdentification: 'Sí',
  denunciaCoverup: 'No lo sé',
  denunciaAuthority: 'No',
  denunciaText: 'Un supervisor grita e insulta de forma reiterada a un trabajador del turno de noche.',
};
// Monday 2 March 2026, noon in Chile: acknowledgement due 9 March, feedback 2 June, and the Ley
// Karin investigation 30 business days later (Good Friday, 3 April, not counted): 14 April.
const RECEIVED = '2026-03-02T15:00:00Z';

/** A denuncia sent through POST /api/denuncias, received at RECEIVED unless said; its reference. */
async function submit(changes: Partial<typeof report> = {}, file?: { name: string; bytes: Uint8Array<ArrayBuffer> }) {
  const request = multipart('/api/denuncias', { ...report, ...changes }, file);
  request.headers.set('x-local-now', RECEIVED);
  const { context, settle } = testContext();
  const response = await denuncias(request, context);
  await settle();
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { reference: string } }).data.reference;
}

const call = (
  method: string,
  path: string,
  { token = officer.token, body, at = '2026-03-05T15:00:00Z' } = {} as {
    token?: string;
    body?: unknown;
    at?: string;
  },
) => callFunction(adminDenuncias, method, path, { token, body, headers: { 'x-local-now': at } }).then(read);

const trail = () =>
  db().query<{ admin_email: string; action: string; denuncia_reference: string | null; summary: string }>(
    'SELECT admin_email, action, denuncia_reference, summary FROM compliance_trail ORDER BY id',
  );
const outboxTo = (recipient: string) =>
  db().query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE recipient = $1', [recipient]);

/**
 * A reporter's message with a sealed file, as the follow-up page stores one: by its denuncia's
 * receipt code's hash, its body bound to that hash (the desk reads both bindings).
 */
async function reporterMessage(
  reference: string,
  body: string,
  file?: { name: string; bytes: Uint8Array<ArrayBuffer> },
) {
  const form = { fields: {}, ...(file ? { file: { fileName: file.name, bytes: file.bytes, tooLarge: false } } : {}) };
  const upload = await receiveFile(uploadStore(), 'denuncia', form, '192.0.2.9');
  const [{ receiptHash }] = (await db().query(
    'SELECT receipt_hash AS "receiptHash" FROM denuncias WHERE reference = $1',
    [reference],
  )) as [{ receiptHash: string }];
  await db().batch([
    ...(upload ? storeAndAttach(upload) : []),
    ...(await reporterMessageStatements(
      { receiptHash, body, ...(upload ? { attachmentUploadId: upload.id } : {}) },
      {
        to: 'denuncias@example.com',
        subject: 'Nuevo mensaje de un denunciante',
        textBeforeReference: '/admin/denuncias/',
      },
    )),
  ]);
  return upload?.id;
}

beforeAll(async () => {
  officer = await signedInAdmin(db(), 'Olga Oficial', 'olga@example.com', ['cumplimiento']);
  administrator = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
});

beforeEach(async () => {
  for (const table of ['denuncia_messages', 'denuncias', 'compliance_trail', 'outbox', 'audit_log'])
    await db().query(`DELETE FROM ${table}`);
  await db().query('DELETE FROM admins WHERE id <> ALL($1::uuid[])', [[officer.id, administrator.id]]);
  await db().query(`UPDATE admins SET roles = '{cumplimiento}' WHERE id = $1`, [officer.id]);
});

const ANY_UUID = '00000000-0000-4000-8000-000000000000';
const endpoints: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/admin/denuncias'],
  ['GET', '/api/admin/denuncias/DEN-AAAA2222'],
  ['PUT', '/api/admin/denuncias/DEN-AAAA2222', { status: 'en_analisis' }],
  ['POST', '/api/admin/denuncias/DEN-AAAA2222/messages', { body: '¿Puede precisar la fecha?' }],
  ['POST', '/api/admin/denuncias/DEN-AAAA2222/notes', { body: 'Nota' }],
  ['GET', `/api/admin/denuncias/DEN-AAAA2222/attachments/${ANY_UUID}`],
  ['GET', '/api/admin/denuncias/trail'],
  ['GET', '/api/admin/denuncias/team'],
  ['PUT', `/api/admin/denuncias/team/${ANY_UUID}`, { compliance: true }],
];

describe.each(endpoints)('%s %s', (method, path, body) => {
  it('answers 401 without a token and 403 to an administrator without the role, reading nothing', async () => {
    const reference = await submit();
    const real = path.replace('DEN-AAAA2222', reference);
    expect(await call(method, real, { token: '', body })).toMatchObject({ status: 401 });
    const refused = await callFunction(adminDenuncias, method, real, { token: administrator.token, body });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await refused.json()).error).toBe(authMessages.forbidden);
    expect(await trail()).toEqual([]);
    expect((await db().query('SELECT status FROM denuncias'))[0]).toEqual({ status: 'recibida' });
  });
});

describe('GET /api/admin/denuncias', () => {
  it('lists each denuncia with its deadlines as of the request, its unanswered messages, and writes the trail', async () => {
    const karin = await submit();
    const other = await submit({ denunciaType: 'Lavado de activos' });
    await reporterMessage(karin, 'Agrego un dato.');
    await reporterMessage(karin, 'Y otro más.');

    // 13 April: the acknowledgement is overdue, the investigation due tomorrow.
    const response = await callFunction(adminDenuncias, 'GET', '/api/admin/denuncias', {
      token: officer.token,
      headers: { 'x-local-now': '2026-04-13T15:00:00Z' },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { status, body } = await read(response);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    const [first, second] = body.data.denuncias;
    expect(first).toEqual({
      reference: karin,
      status: 'recibida',
      type: 'Acoso laboral',
      receivedAt: RECEIVED,
      deadlines: [
        { kind: 'acknowledgement', due: '2026-03-09', state: 'overdue' },
        { kind: 'feedback', due: '2026-06-02', state: 'pending' },
        { kind: 'investigation', due: '2026-04-14', state: 'due-soon' },
      ],
      unanswered: 2,
      lastActivity: expect.any(String),
    });
    expect(second).toMatchObject({
      reference: other,
      unanswered: 0,
      deadlines: [{ kind: 'acknowledgement' }, { kind: 'feedback' }],
    });
    // Nothing the reporter wrote is in the list.
    expect(JSON.stringify(body)).not.toMatch(/supervisor|Pedro|Agrego/);
    expect(await trail()).toEqual([
      { admin_email: 'olga@example.com', action: 'list', denuncia_reference: null, summary: 'Página 1' },
    ]);
  });

  it('filters by status and reference, and refuses an unknown status', async () => {
    const open = await submit();
    const closed = await submit();
    await call('PUT', `/api/admin/denuncias/${closed}`, { body: { status: 'cerrada' } });
    const byStatus = await call('GET', '/api/admin/denuncias?status=cerrada');
    expect(byStatus.body.data.denuncias.map((row: { reference: string }) => row.reference)).toEqual([closed]);
    const byReference = await call('GET', `/api/admin/denuncias?q=${open.slice(4).toLowerCase()}`);
    expect(byReference.body.data.denuncias.map((row: { reference: string }) => row.reference)).toEqual([open]);
    expect(await call('GET', '/api/admin/denuncias?status=abierta')).toMatchObject({
      status: 400,
      body: { errors: { status: 'Elija un estado.' } },
    });
  });
});

describe('GET /api/admin/denuncias/{reference}', () => {
  it('answers the report unsealed with every label, its file, the messages and notes; the view is in the trail', async () => {
    const evidence = pngBytes(5_000);
    const reference = await submit({}, { name: 'foto turno.png', bytes: evidence });
    await reporterMessage(reference, 'Ocurrió de nuevo anoche.');
    await call('POST', `/api/admin/denuncias/${reference}/notes`, { body: { body: 'Hablar con RR.HH.' } });

    const { status, body } = await call('GET', `/api/admin/denuncias/${reference}`);
    expect(status).toBe(200);
    const denuncia = body.data.denuncia;
    expect(denuncia.fields).toEqual([
      { label: 'Relación con la empresa', value: 'Trabajador' },
      { label: 'Lugar', value: 'Otro: Bodega de Puerto Aysén' },
      { label: 'Tipo de denuncia', value: 'Acoso laboral' },
      { label: 'Nombre', value: 'Pedro Paz' },
      { label: 'Teléfono', value: '+56 9 1234 5678' },
      { label: 'Horario de contacto', value: 'De 9:00 a 12:00' },
      { label: 'Correo electrónico', value: 'pedro.paz@correo.cl' },
      { label: 'Fecha de los hechos', value: 'Octubre de 2026' },
      { label: 'Desde cuándo ocurre', value: 'Menos de un mes' },
      { label: 'Lugar de los hechos', value: 'Turno de noche' },
      { label: 'Cómo se enteró', value: 'Lo observé' },
      { label: 'Puede identificar a los involucrados', value: 'Sí' },
      { label: 'Hay ocultamiento', value: 'No lo sé' },
      { label: 'Informó a una autoridad', value: 'No' },
      { label: 'Relato', value: report.denunciaText },
    ]);
    expect(denuncia.attachment).toEqual({ id: expect.any(String), fileName: 'foto turno.png', size: 5_000 });
    expect(denuncia.messages).toEqual([
      expect.objectContaining({ author: 'reporter', body: 'Ocurrió de nuevo anoche.', adminName: null }),
      expect.objectContaining({ author: 'note', body: 'Hablar con RR.HH.', adminName: 'Olga Oficial' }),
    ]);
    expect(denuncia).toMatchObject({
      status: 'recibida',
      acknowledgedAt: null,
      closedAt: null,
      notifyReporter: false,
      unanswered: 1,
    });
    expect((await trail()).map((row) => [row.action, row.denuncia_reference, row.summary])).toEqual([
      ['note', reference, 'Nota interna'],
      ['view', reference, 'Consultó la denuncia'],
    ]);
  });

  it('shows a denuncia stored before encryption at rest as it was stored', async () => {
    await db().query(
      `INSERT INTO denuncias (reference, relation, place, type, first_name, narrative, created_at)
       VALUES ('DEN-VIEJA222', 'Cliente', 'Plantas', 'Consultas', 'Rosa', 'Texto guardado en claro.', '2026-02-01T12:00:00Z')`,
    );
    const { body } = await call('GET', '/api/admin/denuncias/DEN-VIEJA222');
    expect(body.data.denuncia.fields).toContainEqual({ label: 'Nombre', value: 'Rosa' });
    expect(body.data.denuncia.fields).toContainEqual({ label: 'Relato', value: 'Texto guardado en claro.' });
  });

  it('answers 404 to an unknown reference', async () => {
    expect(await call('GET', '/api/admin/denuncias/DEN-NOEXISTE')).toMatchObject({
      status: 404,
      body: { error: 'Esa denuncia no existe.' },
    });
  });
});

describe('PUT /api/admin/denuncias/{reference}', () => {
  const stamps = (reference: string) =>
    db()
      .query<{ status: string; acknowledged_at: Date | null; closed_at: Date | null }>(
        'SELECT status, acknowledged_at, closed_at FROM denuncias WHERE reference = $1',
        [reference],
      )
      .then((rows) => rows[0]!);

  it('acknowledges once on leaving Recibida, stamps closing, clears it on reopening, each in the trail', async () => {
    const reference = await submit();
    const acknowledged = await call('PUT', `/api/admin/denuncias/${reference}`, {
      body: { status: 'en_analisis' },
      at: '2026-03-04T15:00:00Z',
    });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.data.denuncia).toMatchObject({
      status: 'en_analisis',
      acknowledgedAt: '2026-03-04T15:00:00Z',
      deadlines: [{ kind: 'acknowledgement', state: 'met' }, { state: 'pending' }, { state: 'pending' }],
    });

    await call('PUT', `/api/admin/denuncias/${reference}`, { body: { status: 'cerrada' }, at: '2026-03-20T15:00:00Z' });
    expect(await stamps(reference)).toEqual({
      status: 'cerrada',
      acknowledged_at: new Date('2026-03-04T15:00:00Z'),
      closed_at: new Date('2026-03-20T15:00:00Z'),
    });
    await call('PUT', `/api/admin/denuncias/${reference}`, { body: { status: 'en_investigacion' } });
    expect(await stamps(reference)).toEqual({
      status: 'en_investigacion',
      acknowledged_at: new Date('2026-03-04T15:00:00Z'),
      closed_at: null,
    });
    expect((await trail()).map((row) => row.summary)).toEqual([
      'Recibida → En análisis',
      'En análisis → Cerrada',
      'Cerrada → En investigación',
    ]);
  });

  it('never goes back to Recibida, and answers 404 to an unknown reference', async () => {
    const reference = await submit();
    expect(await call('PUT', `/api/admin/denuncias/${reference}`, { body: { status: 'recibida' } })).toMatchObject({
      status: 400,
      body: { errors: { status: 'Elija un estado.' } },
    });
    expect(await call('PUT', '/api/admin/denuncias/DEN-NOEXISTE', { body: { status: 'cerrada' } })).toMatchObject({
      status: 404,
    });
    expect(await trail()).toEqual([]);
  });
});

describe('POST /api/admin/denuncias/{reference}/messages', () => {
  const question = '¿Puede indicar en qué turno ocurrió la última vez?';

  it('stores the message sealed, acknowledges a Recibida report and notifies, without content, a reporter who asked', async () => {
    const reference = await submit();
    await db().query('UPDATE denuncias SET notify_reporter = true WHERE reference = $1', [reference]);
    const { status, body } = await call('POST', `/api/admin/denuncias/${reference}/messages`, {
      body: { body: question },
    });
    expect(status).toBe(201);
    expect(body.data.denuncia).toMatchObject({
      status: 'en_analisis',
      acknowledgedAt: '2026-03-05T15:00:00Z',
      messages: [{ author: 'compliance', body: question, adminName: 'Olga Oficial' }],
    });
    const [stored] = await db().query<{ body: string }>('SELECT body FROM denuncia_messages');
    expect(stored!.body).toMatch(/^v1\./);
    expect(await databaseDump(db())).not.toContain('turno ocurrió');

    const [notice] = await outboxTo('pedro.paz@correo.cl');
    expect(notice!.subject).toBe('Tiene un mensaje nuevo en el canal de denuncias');
    expect(notice!.body).toContain('/denuncias/seguimiento');
    expect(notice!.body).not.toContain(reference);
    expect(notice!.body).not.toContain('turno');
    expect((await trail()).map((row) => [row.action, row.summary])).toEqual([
      ['reply', 'Mensaje al denunciante, con aviso sin contenido a su correo'],
    ]);
  });

  it('mails nothing to a reporter who did not ask, and keeps a later status as it is', async () => {
    const reference = await submit();
    await call('PUT', `/api/admin/denuncias/${reference}`, { body: { status: 'en_investigacion' } });
    await call('POST', `/api/admin/denuncias/${reference}/messages`, { body: { body: question } });
    expect(await outboxTo('pedro.paz@correo.cl')).toEqual([]);
    expect((await db().query('SELECT status FROM denuncias'))[0]).toEqual({ status: 'en_investigacion' });
  });

  it.each([
    ['an empty message', '  ', 'Escriba el mensaje.'],
    ['a message of 300 characters', 'x'.repeat(300), 'Máximo 299 caracteres.'],
  ])('refuses %s with 400', async (_case, text, message) => {
    const reference = await submit();
    expect(await call('POST', `/api/admin/denuncias/${reference}/messages`, { body: { body: text } })).toMatchObject({
      status: 400,
      body: { errors: { body: message } },
    });
    expect(await db().query('SELECT id FROM denuncia_messages')).toEqual([]);
  });

  it('answers 404 to an unknown reference and writes nothing', async () => {
    expect(
      await call('POST', '/api/admin/denuncias/DEN-NOEXISTE/messages', { body: { body: question } }),
    ).toMatchObject({ status: 404 });
    expect(await trail()).toEqual([]);
  });
});

describe('POST /api/admin/denuncias/{reference}/notes', () => {
  it('keeps a sealed note the reporter never reads, without changing the status', async () => {
    const reference = await submit();
    const { status, body } = await call('POST', `/api/admin/denuncias/${reference}/notes`, {
      body: { body: 'Revisar cámaras de la bodega.' },
    });
    expect(status).toBe(201);
    expect(body.data.denuncia).toMatchObject({
      status: 'recibida',
      messages: [{ author: 'note', adminName: 'Olga Oficial' }],
    });
    expect(await databaseDump(db())).not.toContain('cámaras');
    expect(await call('POST', `/api/admin/denuncias/${reference}/notes`, { body: { body: '' } })).toMatchObject({
      status: 400,
      body: { errors: { body: 'Escriba la nota.' } },
    });
  });

  it('answers 404 to an unknown reference and writes nothing, not even its trail entry', async () => {
    expect(await call('POST', '/api/admin/denuncias/DEN-NOEXISTE/notes', { body: { body: 'Nota' } })).toMatchObject({
      status: 404,
    });
    expect(await trail()).toEqual([]);
    expect(await db().query('SELECT id FROM denuncia_messages')).toEqual([]);
  });
});

describe('GET /api/admin/denuncias/{reference}/attachments/{uploadId}', () => {
  it("downloads the report's and a message's files unsealed, and only this denuncia's", async () => {
    const evidence = pngBytes(20_000);
    const reference = await submit({}, { name: 'foto turno.png', bytes: evidence });
    const letter = pdfBytes(8_000);
    const letterId = await reporterMessage(reference, 'Adjunto la carta.', { name: 'carta ñandú.pdf', bytes: letter });
    const other = await submit({}, { name: 'otra.png', bytes: pngBytes(3_000) });
    const { body } = await call('GET', `/api/admin/denuncias/${reference}`);
    const evidenceId = body.data.denuncia.attachment.id as string;
    const otherId = (await call('GET', `/api/admin/denuncias/${other}`)).body.data.denuncia.attachment.id as string;
    await db().query('DELETE FROM compliance_trail');

    for (const [id, bytes, name] of [
      [evidenceId, evidence, 'foto turno.png'],
      [letterId!, letter, 'carta ñandú.pdf'],
    ] as const) {
      const response = await callFunction(
        adminDenuncias,
        'GET',
        `/api/admin/denuncias/${reference}/attachments/${id}`,
        {
          token: officer.token,
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
      expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(bytes));
    }
    // Another denuncia's file, through this one: no.
    expect(await call('GET', `/api/admin/denuncias/${reference}/attachments/${otherId}`)).toMatchObject({
      status: 404,
      body: { error: 'Ese archivo no existe o ya fue eliminado.' },
    });
    expect(await call('GET', `/api/admin/denuncias/${reference}/attachments/no-es-un-id`)).toMatchObject({
      status: 404,
    });
    // The trail, never deleted nor sealed, says a file was downloaded, never which: its name is sealed with the denuncia.
    expect((await trail()).map((row) => [row.action, row.denuncia_reference, row.summary])).toEqual([
      ['download', reference, 'Descargó un adjunto'],
      ['download', reference, 'Descargó un adjunto'],
    ]);
    const dump = await databaseDump(db());
    for (const plain of ['foto turno', 'carta ñandú']) expect(dump).not.toContain(plain);
  });
});

describe('GET /api/admin/denuncias/trail', () => {
  it('answers the trail newest first, paged', async () => {
    const reference = await submit();
    await call('GET', `/api/admin/denuncias/${reference}`);
    await call('PUT', `/api/admin/denuncias/${reference}`, { body: { status: 'en_analisis' } });
    const { status, body } = await call('GET', '/api/admin/denuncias/trail');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(body.data.entries).toEqual([
      {
        id: expect.any(String),
        createdAt: expect.any(String),
        adminEmail: 'olga@example.com',
        action: 'status',
        reference,
        summary: 'Recibida → En análisis',
      },
      expect.objectContaining({ action: 'view', reference }),
    ]);
    expect((await call('GET', '/api/admin/denuncias/trail?page=2')).body.data.entries).toEqual([]);
  });

  // The ids are answered as text: ordered by that text, entry 99 came before entry 172 and the
  // newest entries fell off the first page once the trail passed 99 rows.
  it('keeps the newest first past entry 99', async () => {
    await db().query(
      `INSERT INTO compliance_trail (admin_id, admin_email, action, summary)
       SELECT $1, 'olga@example.com', 'list', 'Entrada ' || n FROM generate_series(1, 120) AS n`,
      [officer.id],
    );
    const { body } = await call('GET', '/api/admin/denuncias/trail');
    const summaries = body.data.entries.map((entry: { summary: string }) => entry.summary);
    expect(summaries.slice(0, 3)).toEqual(['Entrada 120', 'Entrada 119', 'Entrada 118']);
    expect(summaries).toHaveLength(50);
  });
});

describe('the compliance team', () => {
  const roles = async (id: string) =>
    (await db().query<{ roles: string[] }>('SELECT roles FROM admins WHERE id = $1', [id]))[0]!.roles;
  const setRole = (id: string, compliance: boolean) =>
    call('PUT', `/api/admin/denuncias/team/${id}`, { body: { compliance } });

  it('lists every account with its roles', async () => {
    const { status, body } = await call('GET', '/api/admin/denuncias/team');
    expect(status).toBe(200);
    expect(body.data.team).toEqual([
      { id: administrator.id, name: 'Ana Admin', email: 'ana@example.com', roles: ['administrador'] },
      { id: officer.id, name: 'Olga Oficial', email: 'olga@example.com', roles: ['cumplimiento'] },
    ]);
  });

  it('grants and withdraws the role of an administrator, in the trail', async () => {
    const granted = await setRole(administrator.id, true);
    expect(granted).toMatchObject({
      status: 200,
      body: { data: { member: { roles: ['administrador', 'cumplimiento'] } } },
    });
    // The grant ends every session of that account: the token an administrator may have typed a
    // password for no longer works (its desk then waits for the owner's own password and second
    // factor: sign-in-second-factor.test.ts).
    const desk = await callFunction(adminDenuncias, 'GET', '/api/admin/denuncias', { token: administrator.token });
    expect(desk.status).toBe(401);
    expect(await setRole(administrator.id, false)).toMatchObject({ status: 200 });
    expect(await roles(administrator.id)).toEqual(['administrador']);
    expect((await trail()).filter((row) => row.action !== 'list').map((row) => [row.action, row.summary])).toEqual([
      ['grant', 'Rol de cumplimiento otorgado a ana@example.com'],
      ['withdraw', 'Rol de cumplimiento quitado a ana@example.com'],
    ]);
  });

  it('refuses to leave an account without any role: it is deleted instead', async () => {
    const other = await signedInAdmin(db(), 'Otra Oficial', 'otra@example.com', ['cumplimiento']);
    expect(await setRole(other.id, false)).toMatchObject({
      status: 409,
      body: {
        error:
          'Esa cuenta solo tiene el rol de cumplimiento: sin él no tendría acceso a nada. Para retirarle el acceso, elimine la cuenta.',
      },
    });
    expect(await roles(other.id)).toEqual(['cumplimiento']);
  });

  it('never leaves the team empty', async () => {
    await db().query(`UPDATE admins SET roles = '{administrador,cumplimiento}' WHERE id = $1`, [officer.id]);
    expect(await setRole(officer.id, false)).toMatchObject({
      status: 409,
      body: {
        error:
          'El equipo de cumplimiento no puede quedar vacío: otorgue el rol a otra persona antes de quitárselo a esta.',
      },
    });
    expect(await roles(officer.id)).toEqual(['administrador', 'cumplimiento']);
    expect(await trail()).toEqual([]);
  });

  it('answers 404 to an unknown account and 400 to a body without the choice', async () => {
    expect(await setRole(ANY_UUID, true)).toMatchObject({ status: 404, body: { error: 'Esa cuenta no existe.' } });
    expect(await call('PUT', `/api/admin/denuncias/team/${administrator.id}`, { body: {} })).toMatchObject({
      status: 400,
      body: { errors: { compliance: 'Indique si otorga o quita el rol.' } },
    });
  });
});

it('writes nothing about denuncias in the audit log every administrator reads', async () => {
  const reference = await submit({}, { name: 'foto.png', bytes: pngBytes(2_000) });
  await call('GET', '/api/admin/denuncias');
  const { body } = await call('GET', `/api/admin/denuncias/${reference}`);
  await call('PUT', `/api/admin/denuncias/${reference}`, { body: { status: 'en_analisis' } });
  await call('POST', `/api/admin/denuncias/${reference}/messages`, { body: { body: 'Pregunta' } });
  await call('POST', `/api/admin/denuncias/${reference}/notes`, { body: { body: 'Nota' } });
  await callFunction(
    adminDenuncias,
    'GET',
    `/api/admin/denuncias/${reference}/attachments/${body.data.denuncia.attachment.id}`,
    {
      token: officer.token,
    },
  );
  await call('PUT', `/api/admin/denuncias/team/${administrator.id}`, { body: { compliance: true } });
  expect(await db().query('SELECT action, summary FROM audit_log')).toEqual([]);
  expect((await trail()).map((row) => row.action)).toEqual([
    'list',
    'view',
    'status',
    'reply',
    'note',
    'download',
    'grant',
  ]);
});
