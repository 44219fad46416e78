import { describe, expect, it } from 'vitest';
import * as adminDocuments from '../../netlify/functions/admin-documents.ts';
import documents from '../../netlify/functions/documents.ts';
import { auditRows, describeRefusedBodies, itRefusesUnknownItems, read, useAdminCollection } from '../helpers/admin.ts';
import { refused, testContext } from '../helpers/functions.ts';

const { db, call } = useAdminCollection(adminDocuments, 'documents');
const memoria = {
  type: 'Memoria',
  year: 2024,
  url_file: '/api/files/0b0c6f2e-3f7a-4d51-9d1e-6a0b1c2d3e4f/memoria-2024.pdf',
};
const create = async (body: unknown = memoria) => read(await call('POST', '/api/admin/documents', body));
const duplicate = refused(409, 'Ya existe un documento de ese tipo para ese año.', {
  year: 'Ya existe un documento de ese tipo para ese año.',
});
const notFound = refused(404, 'Documento no encontrado.');

describe('POST /api/admin/documents', () => {
  it('creates the document, which the public list then offers, and logs it by type and year', async () => {
    const { status, body } = await create();
    expect(status).toBe(201);
    expect(body.data.document).toEqual({
      id: expect.any(Number),
      ...memoria,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    const listed = await (await documents(new Request('http://localhost/api/documents'), testContext().context)).json();
    expect(listed.documents).toEqual([{ type: 'Memoria', year: 2024, url_file: memoria.url_file }]);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'create',
        entity: 'document',
        entity_id: String(body.data.document.id),
        summary: 'Memoria 2024',
      },
    ]);
  });

  it('refuses a second document of the same type and year with 409, and logs nothing', async () => {
    await create();
    await db().query('DELETE FROM audit_log');
    expect(await create({ ...memoria, url_file: '/otra.pdf' })).toEqual(duplicate);
    expect(await auditRows(db())).toEqual([]);
  });

  it('takes the same year for the other type', async () => {
    await create();
    expect((await create({ ...memoria, type: 'Estado Financiero' })).status).toBe(201);
  });

  describeRefusedBodies(
    [
      ['an unknown type', { ...memoria, type: 'Balance' }, { type: 'Seleccione el tipo de documento.' }],
      ['no year', { type: 'Memoria', url_file: '/a.pdf' }, { year: 'Ingrese el año.' }],
      ['a year as text', { ...memoria, year: '2024' }, { year: 'Ingrese el año.' }],
      ['a year before 1990', { ...memoria, year: 1989 }, { year: 'El año debe estar entre 1990 y 2100.' }],
      ['no file', { ...memoria, url_file: '' }, { url_file: 'Suba el archivo o ingrese su dirección.' }],
      [
        'a file address of another scheme',
        { ...memoria, url_file: 'http://example.com/a.pdf' },
        { url_file: 'Ingrese una dirección que empiece con / o https://' },
      ],
    ],
    create,
    db,
  );

  it('answers 400 to a body that is not JSON', async () => {
    expect((await create('{no')).body.error).toBe('La solicitud no es un JSON válido.');
  });
});

describe('GET /api/admin/documents', () => {
  it('lists every document, those without a file too, by year then type', async () => {
    await db().query(
      `INSERT INTO documents (type, year, url_file) VALUES ('Memoria', 2022, NULL), ('Memoria', 2023, '/m.pdf'), ('Estado Financiero', 2023, '/e.pdf')`,
    );
    const { body } = await read(await call('GET', '/api/admin/documents'));
    expect(body.data.documents.map((doc: { type: string; year: number }) => `${doc.type} ${doc.year}`)).toEqual([
      'Estado Financiero 2023',
      'Memoria 2023',
      'Memoria 2022',
    ]);
  });
});

describe('/api/admin/documents/{id}', () => {
  it('reads, updates (updated_at moves) and deletes a document, logging each change', async () => {
    const created = (await create()).body.data.document;
    await db().query(`UPDATE documents SET updated_at = now() - interval '1 day'`);
    const yesterday = (await read(await call('GET', `/api/admin/documents/${created.id}`))).body.data.document
      .updated_at;

    const updated = await read(await call('PUT', `/api/admin/documents/${created.id}`, { ...memoria, year: 2023 }));
    expect(updated.status).toBe(200);
    expect(updated.body.data.document).toMatchObject({ id: created.id, year: 2023 });
    expect(updated.body.data.document.updated_at > yesterday).toBe(true);

    expect(await read(await call('DELETE', `/api/admin/documents/${created.id}`))).toEqual({
      status: 200,
      body: { success: true, data: {} },
    });
    expect(await read(await call('GET', `/api/admin/documents/${created.id}`))).toEqual(notFound);
    expect((await auditRows(db())).map((row) => [row.action, row.summary])).toEqual([
      ['create', 'Memoria 2024'],
      ['update', 'Memoria 2023'],
      ['delete', 'Memoria 2023'],
    ]);
  });

  it('refuses to change a document into the type and year of another with 409', async () => {
    await create();
    const other = (await create({ ...memoria, year: 2023 })).body.data.document;
    expect(await read(await call('PUT', `/api/admin/documents/${other.id}`, memoria))).toEqual(duplicate);
    expect((await auditRows(db())).map((row) => row.action)).toEqual(['create', 'create']);
  });

  itRefusesUnknownItems(
    [
      ['GET', '/api/admin/documents/999999'],
      ['PUT', '/api/admin/documents/999999'],
      ['DELETE', '/api/admin/documents/999999'],
      ['GET', '/api/admin/documents/abc'],
      ['PUT', '/api/admin/documents/1.5'],
      ['DELETE', '/api/admin/documents/-1'],
    ],
    call,
    { message: 'Documento no encontrado.', body: memoria, db },
  );

  it('answers 400 to an invalid update of an existing document', async () => {
    const created = (await create()).body.data.document;
    expect(
      (await read(await call('PUT', `/api/admin/documents/${created.id}`, { ...memoria, year: 3000 }))).body.errors,
    ).toEqual({ year: 'El año debe estar entre 1990 y 2100.' });
  });
});
