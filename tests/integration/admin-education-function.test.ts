import { describe, expect, it } from 'vitest';
import * as adminEducation from '../../netlify/functions/admin-education.ts';
import educationDocuments from '../../netlify/functions/education-documents.ts';
import { auditRows, describeRefusedBodies, itRefusesUnknownItems, read, useAdminCollection } from '../helpers/admin.ts';
import { testContext } from '../helpers/functions.ts';
import { educationItem } from '../helpers/submissions.ts';

const { db, call } = useAdminCollection(adminEducation, 'education_documents');
const create = async (body: unknown = educationItem) => read(await call('POST', '/api/admin/education', body));
const publicList = async () =>
  (
    await (
      await educationDocuments(new Request('http://localhost/api/education/documents'), testContext().context)
    ).json()
  ).documents;

describe('POST /api/admin/education', () => {
  it('creates the resource (no thumbnail stored as none), shown on /educacion, and logs it by title', async () => {
    const { status, body } = await create();
    expect(status).toBe(201);
    expect(body.data.document).toEqual({ id: expect.any(Number), ...educationItem, thumbnail: null });
    expect(await publicList()).toEqual([body.data.document]);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'create',
        entity: 'education',
        entity_id: String(body.data.document.id),
        summary: 'Cuidemos el agua',
      },
    ]);
  });

  it('keeps a hidden resource off the public list', async () => {
    await create({ ...educationItem, hidden: true, thumbnail: 'https://example.com/mini.jpg' });
    expect(await publicList()).toEqual([]);
  });

  describeRefusedBodies(
    [
      [
        'an unknown content type',
        { ...educationItem, content_type: 'Videos' },
        { content_type: 'Seleccione el tipo de contenido.' },
      ],
      ['no hidden flag', { ...educationItem, hidden: undefined }, { hidden: 'Indique si el contenido está oculto.' }],
      ['no title', { ...educationItem, title: '' }, { title: 'Ingrese el título.' }],
      [
        'a description over 1000 characters',
        { ...educationItem, description: 'a'.repeat(1001) },
        { description: 'Máximo 1000 caracteres.' },
      ],
      ['no file', { ...educationItem, url_file: '' }, { url_file: 'Suba el archivo o ingrese su dirección.' }],
      [
        'a thumbnail of another scheme',
        { ...educationItem, thumbnail: 'data:image/png;base64,AAAA' },
        { thumbnail: 'Ingrese una dirección que empiece con / o https://' },
      ],
    ],
    create,
    db,
  );
});

describe('GET /api/admin/education', () => {
  it('lists hidden resources too', async () => {
    await create();
    await create({ ...educationItem, title: 'Borrador', hidden: true });
    const { body } = await read(await call('GET', '/api/admin/education'));
    expect(body.data.documents.map((doc: { title: string }) => doc.title)).toEqual(['Cuidemos el agua', 'Borrador']);
  });
});

describe('/api/admin/education/{id}', () => {
  it('reads, updates and deletes a resource, logging each change', async () => {
    const created = (await create()).body.data.document;
    expect((await read(await call('GET', `/api/admin/education/${created.id}`))).body.data.document).toEqual(created);
    const changed = {
      ...educationItem,
      content_type: 'Galerías de fotos',
      title: 'Visita a la planta',
      thumbnail: '/api/files/x/mini.jpg',
    };
    expect((await read(await call('PUT', `/api/admin/education/${created.id}`, changed))).body.data.document).toEqual({
      id: created.id,
      ...changed,
    });
    expect(await read(await call('DELETE', `/api/admin/education/${created.id}`))).toEqual({
      status: 200,
      body: { success: true, data: {} },
    });
    expect(await publicList()).toEqual([]);
    expect((await auditRows(db())).map((row) => [row.action, row.summary])).toEqual([
      ['create', 'Cuidemos el agua'],
      ['update', 'Visita a la planta'],
      ['delete', 'Visita a la planta'],
    ]);
  });

  itRefusesUnknownItems(
    [
      ['GET', '/api/admin/education/424242'],
      ['PUT', '/api/admin/education/424242'],
      ['DELETE', '/api/admin/education/424242'],
    ],
    call,
    { message: 'Contenido no encontrado.', body: educationItem, db },
  );
});
