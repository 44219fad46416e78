import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as adminRights from '../../netlify/functions/admin-rights.ts';
import * as complaints from '../../netlify/functions/complaints.ts';
import * as rights from '../../netlify/functions/rights.ts';
import { confirmRightsEmail } from '../../src/server/rights/confirm.ts';
import { rightsDeskMessages } from '../../src/shared/rights/desk/texts.ts';
import { rightsMailTexts, rightsMessages } from '../../src/shared/rights/texts.ts';
import { accessRows, auditRows, callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { invalidForm, refused } from '../helpers/functions.ts';

/**
 * The rights desk's admin API (docs/reference/admin-api.md "Derechos de datos"): each path and
 * method wired to its service, its refusals mapped, what it answers. The services' own rules are
 * tested in rights-actions.test.ts and rights-export.test.ts.
 */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
const EMAIL = 'rosa.vera@correo.cl';
let token: string;
let caseId: string;
let reference: string;
let complaintCaseId: string;

const call = (method: string, path: string, body?: unknown) =>
  callFunction(adminRights, method, `/api/admin/cases/${caseId}/rights${path}`, { token, body }).then(read);

const refOf = async (id: string) =>
  (await db().query<{ reference: string }>('SELECT reference FROM complaints WHERE id::text = $1', [id]))[0]!.reference;

async function confirm() {
  const [mail] = await db().query<{ body: string }>('SELECT body FROM outbox WHERE subject = $1', [
    rightsMailTexts.confirmSubject(reference),
  ]);
  await confirmRightsEmail(db(), /token=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!, new Date());
}

beforeAll(async () => {
  ({ token } = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com'));
});

beforeEach(async () => {
  await db().query(
    'TRUNCATE outbox, mail_acknowledgements, cases, case_entries, rights_requests, rights_exports, rights_inclusions, data_blocks, complaints, audit_log',
  );
  await callFunction(complaints, 'POST', '/api/reclamos', {
    body: {
      name: 'Rosa',
      surname: 'Vera',
      email: EMAIL,
      address: 'Baquedano 100',
      city: 'Coyhaique',
      complaintDetails: 'Me cobraron dos veces.',
    },
  });
  const { body } = await read(
    await callFunction(rights, 'POST', '/api/derechos', {
      body: { type: 'acceso', name: 'Rosa Vera', email: EMAIL, details: 'Quiero saber qué datos tienen.' },
    }),
  );
  reference = body.data.reference;
  const cases = await db().query<{ id: string; kind: string }>('SELECT id::text AS id, kind FROM cases');
  caseId = cases.find((row) => row.kind === 'derechos')!.id;
  complaintCaseId = cases.find((row) => row.kind === 'reclamo')!.id;
});

describe('GET /api/admin/cases/{caseId}/rights', () => {
  it('answers the desk of a rights request, and 404 for a case of another kind', async () => {
    const { status, body } = await call('GET', '');
    expect(status).toBe(200);
    expect(body.data.rights).toMatchObject({
      reference,
      type: 'acceso',
      emailConfirmedAt: null,
      exports: [],
      blocks: [],
    });

    caseId = complaintCaseId;
    expect(await call('GET', '')).toEqual(refused(404, rightsMessages.notFound));
  });

  it('answers 401 without a token', async () => {
    const response = await callFunction(adminRights, 'GET', `/api/admin/cases/${caseId}/rights`);
    expect(response.status).toBe(401);
  });
});

describe('GET /api/admin/cases/{caseId}/rights/data', () => {
  it('is refused until the e-mail is confirmed, then answers what was found and logs the reading', async () => {
    expect(await call('GET', '/data')).toEqual(refused(409, rightsMessages.notConfirmed));
    expect(await accessRows(db())).toEqual([]);

    await confirm();
    const { status, body } = await call('GET', '/data');
    expect(status).toBe(200);
    expect(body.data.data.subject.email).toBe(EMAIL);
    expect(body.data.data.records.map((record: { source: string }) => record.source).sort()).toEqual([
      'cases',
      'cases',
      'complaints',
      'rights_requests',
    ]);
    expect(await accessRows(db())).toEqual([
      expect.objectContaining({
        action: 'view',
        entity: 'rights_request',
        entity_id: caseId,
        summary: `datos personales de ${EMAIL} (4 registros)`,
      }),
    ]);
  });
});

describe('the actions', () => {
  it('extends once, answering the desk; a second extension is 409, an empty reason 400', async () => {
    expect(await call('POST', '/extension', { reason: '' })).toEqual(invalidForm({ reason: expect.any(String) }));
    const first = await call('POST', '/extension', { reason: 'Debemos revisar registros en papel.' });
    expect(first.status).toBe(200);
    expect(first.body.data.rights).toMatchObject({ extensionReason: 'Debemos revisar registros en papel.' });
    expect(first.body.data.rights.extendedAt).not.toBeNull();
    expect(await call('POST', '/extension', { reason: 'Otra vez.' })).toEqual(
      refused(409, rightsMessages.alreadyExtended),
    );
  });

  it('sends the export once confirmed, answering when its link expires', async () => {
    expect(await call('POST', '/export')).toEqual(refused(409, rightsMessages.notConfirmed));
    await confirm();
    const { status, body } = await call('POST', '/export');
    expect(status).toBe(200);
    expect(Date.parse(body.data.expiresAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(body.data.rights.exports).toHaveLength(1);
    const [mail] = await db().query<{ recipient: string }>('SELECT recipient FROM outbox WHERE subject = $1', [
      rightsMailTexts.exportSubject(reference),
    ]);
    expect(mail?.recipient).toBe(EMAIL);
  });

  it('erases the chosen records, answering what was erased and what kept', async () => {
    await confirm();
    const [complaint] = await db().query<{ id: string }>('SELECT id::text AS id FROM complaints');
    const { status, body } = await call('POST', '/erasure', { records: [{ source: 'complaints', id: complaint!.id }] });
    expect(status).toBe(200);
    expect(body.data.outcome).toEqual({ erased: [{ source: 'complaints', id: complaint!.id }], kept: [] });
    expect(await db().query('SELECT 1 FROM complaints')).toEqual([]);
    expect(await call('POST', '/erasure', { records: [] })).toEqual(invalidForm({ records: expect.any(String) }));
  });

  it("includes someone else's record found by the service number in the export, and takes it out; refuses the requester's own and a malformed body", async () => {
    await callFunction(complaints, 'POST', '/api/reclamos', {
      body: {
        name: 'Marta',
        surname: 'Inquilina',
        email: 'marta@correo.cl',
        address: 'Pasaje 7',
        city: 'Coyhaique',
        clientNumber: '100001',
        complaintDetails: 'El medidor marca de más.',
      },
    });
    await db().query(
      `UPDATE rights_requests SET service_number = '100001', proof_received = 'Cédula.', proof_received_at = now()`,
    );
    await confirm();
    const [marta] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM complaints WHERE email = 'marta@correo.cl'`,
    );
    const [own] = await db().query<{ id: string }>(`SELECT id::text AS id FROM complaints WHERE email = $1`, [EMAIL]);
    const record = { source: 'complaints', id: marta!.id };
    const listed = async () =>
      (await call('GET', '/data')).body.data.data.records.find(
        (found: { id: string; source: string }) => found.source === 'complaints' && found.id === marta!.id,
      ).thirdParty;

    expect(await listed()).toEqual({
      matchedBy: 'service',
      reason: 'Coincide el número de servicio 100001',
      includedAt: null,
      includedBy: null,
    });
    const included = await call('POST', '/inclusion', { ...record, included: true });
    expect(included.status).toBe(200);
    expect(included.body.data.rights.reference).toBe(reference);
    expect(await listed()).toMatchObject({ includedAt: expect.any(String), includedBy: 'Ana Admin' });
    expect((await call('POST', '/inclusion', { ...record, included: false })).status).toBe(200);
    expect((await listed()).includedAt).toBeNull();
    expect((await auditRows(db())).map((row) => [row.action, row.summary])).toEqual([
      ['create', `${reference}: incluye en la copia de los datos Reclamos ${await refOf(marta!.id)}, de un tercero`],
      ['delete', `${reference}: quita de la copia de los datos Reclamos ${await refOf(marta!.id)}, de un tercero`],
    ]);

    expect(await call('POST', '/inclusion', { source: 'complaints', id: own!.id, included: true })).toEqual(
      refused(404, rightsDeskMessages.notThirdParty),
    );
    expect(await call('POST', '/inclusion', { ...record, included: 'sí' })).toEqual(
      invalidForm({ included: expect.any(String) }),
    );
  });

  it('rectifies a listed field, refusing any other', async () => {
    await confirm();
    const [complaint] = await db().query<{ id: string }>('SELECT id::text AS id FROM complaints');
    const fix = { source: 'complaints', id: complaint!.id };
    expect(await call('POST', '/rectification', { ...fix, field: 'complaint_details', value: 'x' })).toEqual(
      invalidForm({ field: rightsDeskMessages.notCorrectable }),
    );
    expect((await call('POST', '/rectification', { ...fix, field: 'city', value: 'Puerto Aysén' })).status).toBe(200);
    expect(await db().query('SELECT city FROM complaints')).toEqual([{ city: 'Puerto Aysén' }]);
  });

  it('records proof and blocks, each audited', async () => {
    expect((await call('POST', '/proof', { requested: 'Copia de la cédula.' })).body.data.rights).toMatchObject({
      proofRequested: 'Copia de la cédula.',
    });
    await confirm();
    const blocked = await call('POST', '/block');
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.rights.blocks).toEqual([{ kind: 'oposicion', createdAt: expect.any(String) }]);
    expect((await auditRows(db())).map((row) => [row.action, row.entity])).toEqual([
      ['update', 'rights_request'],
      ['create', 'rights_request'],
    ]);
  });
});
