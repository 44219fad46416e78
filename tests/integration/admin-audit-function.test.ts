import { beforeAll, describe, expect, it } from 'vitest';
import * as adminAdmins from '../../netlify/functions/admin-admins.ts';
import * as adminAudit from '../../netlify/functions/admin-audit.ts';
import * as adminDocuments from '../../netlify/functions/admin-documents.ts';
import { AuditPageSchema } from '../../src/shared/audit/schema.ts';
import { callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { invalidForm } from '../helpers/functions.ts';

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let ana: Awaited<ReturnType<typeof signedInAdmin>>;
let berta: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
  berta = await signedInAdmin(db(), 'Berta Bravo', 'berta@example.com');
  // 55 changes: more than one page of 50.
  for (let year = 1991; year <= 2044; year++) {
    await callFunction(adminDocuments, 'POST', '/api/admin/documents', {
      token: berta.token,
      body: { type: 'Memoria', year, url_file: `/m-${year}.pdf` },
    });
  }
  await callFunction(adminAdmins, 'DELETE', `/api/admin/admins/${berta.id}`, { token: ana.token });
});

const page = async (query = '') =>
  read(await callFunction(adminAudit, 'GET', `/api/admin/audit${query}`, { token: ana.token }));

describe('GET /api/admin/audit', () => {
  it('answers the newest 50 entries first, with the total', async () => {
    const { status, body } = await page();
    expect(status).toBe(200);
    expect(AuditPageSchema.parse(body.data)).toEqual(body.data);
    expect(body.data).toMatchObject({ total: 55, page: 1, pageSize: 50 });
    expect(body.data.entries).toHaveLength(50);
    expect(body.data.entries[0]).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      admin_id: ana.id,
      admin_email: 'ana@example.com',
      action: 'delete',
      entity: 'admin',
      entity_id: berta.id,
      summary: 'berta@example.com',
    });
    expect(body.data.entries[1]).toMatchObject({ action: 'create', entity: 'document', summary: 'Memoria 2044' });
  });

  it("keeps a deleted admin's entries under their e-mail", async () => {
    const { body } = await page('?page=2');
    expect(body.data).toMatchObject({ total: 55, page: 2 });
    expect(body.data.entries.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Memoria 1995',
      'Memoria 1994',
      'Memoria 1993',
      'Memoria 1992',
      'Memoria 1991',
    ]);
    expect(body.data.entries[0]).toMatchObject({ admin_id: null, admin_email: 'berta@example.com' });
  });

  it('answers an empty page past the end, with the total', async () => {
    expect((await page('?page=9')).body.data).toEqual({ entries: [], total: 55, page: 9, pageSize: 50 });
  });

  it.each([['0'], ['-1'], ['dos'], ['1.5']])('answers 400 to page %s', async (value) => {
    expect(await page(`?page=${value}`)).toEqual(invalidForm({ page: 'Página no válida.' }));
  });
});
