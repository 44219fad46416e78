import { beforeAll, describe, expect, it } from 'vitest';
import documents from '../../netlify/functions/documents.ts';
import download from '../../netlify/functions/documents-download.ts';
import educationDocuments from '../../netlify/functions/education-documents.ts';
import reports from '../../netlify/functions/news.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { invalidFormBody, testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();
const get = (path: string) => new Request(`http://localhost${path}`);
const call = (handler: typeof documents, request: Request) => handler(request, testContext().context);

beforeAll(async () => {
  await environment.database.db.batch([
    {
      text: `INSERT INTO documents (type, year, url_file) VALUES
        ('Memoria', 2022, '/documentos/memorias/memoria-2022.pdf'), ('Memoria', 2024, '/documentos/memorias/memoria-2024.pdf'),
        ('Memoria', 2023, NULL), ('Estado Financiero', 2023, '/documentos/estados-financieros/estados-financieros-2023.pdf'),
        ('Estado Financiero', 2021, '')`,
    },
    {
      text: `INSERT INTO reports (active, "order", short_title, title, name, text) VALUES
        (true, 2, 'Segundo', 'Segundo aviso', 'b', '<p>Dos</p>'),
        (true, 1, 'Primero', 'Primer aviso', 'a', '<p onclick="alert(1)">Uno</p><script>alert(1)</script>'),
        (false, 0, 'Oculto', 'Aviso inactivo', 'c', '<p>No</p>')`,
    },
    {
      text: `INSERT INTO education_documents (content_type, title, url_file, hidden) VALUES
        ('Planificaciones', 'Visible', '/a.pdf', false), ('Planificaciones', 'Oculta', '/b.pdf', true)`,
    },
  ]);
});

describe('GET /api/documents', () => {
  it('lists the documents that have a file, most recent first', async () => {
    const response = await call(documents, get('/api/documents'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await response.json()).toEqual({
      success: true,
      documents: [
        { type: 'Memoria', year: 2024, url_file: '/documentos/memorias/memoria-2024.pdf' },
        {
          type: 'Estado Financiero',
          year: 2023,
          url_file: '/documentos/estados-financieros/estados-financieros-2023.pdf',
        },
        { type: 'Memoria', year: 2022, url_file: '/documentos/memorias/memoria-2022.pdf' },
      ],
    });
  });

  it('answers 405 to other methods', async () => {
    expect((await call(documents, new Request('http://localhost/api/documents', { method: 'POST' }))).status).toBe(405);
  });
});

describe('GET /api/download', () => {
  it.each([
    ['memories', 2024, '/documentos/memorias/memoria-2024.pdf'],
    ['financial', 2023, '/documentos/estados-financieros/estados-financieros-2023.pdf'],
  ])('sends %s of %i to its file', async (fileType, year, location) => {
    const response = await call(download, get(`/api/download?fileType=${fileType}&year=${year}`));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });

  it.each([
    ['an unknown file type', '?fileType=budget&year=2024', { fileType: 'Tipo de documento no válido.' }],
    ['no file type', '?year=2024', { fileType: 'Tipo de documento no válido.' }],
    ['a year that is not a number', '?fileType=memories&year=dos-mil', { year: 'Año no válido.' }],
    ['a fractional year', '?fileType=memories&year=2024.5', { year: 'Año no válido.' }],
    ['an absurd year', '?fileType=memories&year=99999', { year: 'Año no válido.' }],
  ])('answers 400 to %s', async (_case, query, errors) => {
    const response = await call(download, get(`/api/download${query}`));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(invalidFormBody(errors));
  });

  it.each([
    ['a year without a document', '?fileType=memories&year=2019'],
    ['a document without a file', '?fileType=memories&year=2023'],
    ['a document with an empty file', '?fileType=financial&year=2021'],
  ])('answers 404 to %s', async (_case, query) => {
    const response = await call(download, get(`/api/download${query}`));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      error: 'No encontramos el documento solicitado.',
      message: 'No encontramos el documento solicitado.',
    });
  });
});

describe('GET /api/reports', () => {
  it('lists active items by their order, with their markup sanitised', async () => {
    const response = await call(reports, get('/api/reports'));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.reports.map((report: { title: string }) => report.title)).toEqual(['Primer aviso', 'Segundo aviso']);
    expect(body.reports[0]).toMatchObject({
      active: true,
      order: 1,
      short_title: 'Primero',
      name: 'a',
      url_file: null,
      url_file_2: null,
      id: expect.any(Number),
    });
    expect(body.reports[0].text).toBe('<p>Uno</p>');
  });
});

describe('GET /api/education/documents', () => {
  it('lists the documents that are not hidden', async () => {
    const body = await (await call(educationDocuments, get('/api/education/documents'))).json();
    expect(body.documents).toEqual([
      {
        id: expect.any(Number),
        content_type: 'Planificaciones',
        hidden: false,
        title: 'Visible',
        description: '',
        url_file: '/a.pdf',
        thumbnail: null,
      },
    ]);
  });
});
