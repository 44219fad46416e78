import { describe, expect, it } from 'vitest';
import * as adminReports from '../../netlify/functions/admin-news.ts';
import reports from '../../netlify/functions/news.ts';
import { auditRows, describeRefusedBodies, itRefusesUnknownItems, read, useAdminCollection } from '../helpers/admin.ts';
import { testContext } from '../helpers/functions.ts';
import { newsReport } from '../helpers/submissions.ts';

const { db, call } = useAdminCollection(adminReports, 'reports');
const create = async (body: unknown = newsReport) => read(await call('POST', '/api/admin/reports', body));
const publicList = async () =>
  (await (await reports(new Request('http://localhost/api/reports'), testContext().context)).json()).reports;

describe('POST /api/admin/reports', () => {
  it('creates the item (empty file addresses stored as none) and logs it by title', async () => {
    const { status, body } = await create();
    expect(status).toBe(201);
    expect(body.data.report).toEqual({ id: expect.any(Number), ...newsReport, url_file: null, url_file_2: null });
    expect(await publicList()).toEqual([body.data.report]);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'create',
        entity: 'report',
        entity_id: String(body.data.report.id),
        summary: 'Corte programado en Coyhaique',
      },
    ]);
  });

  it.each([
    ['a script', '<p>Hola</p><script>alert(1)</script>', '<p>Hola</p>'],
    ['an event handler', '<p onclick="alert(1)">Hola</p>', '<p>Hola</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">Clic</a>', '<a>Clic</a>'],
    ['a data: link', '<a href="data:text/html,x">Clic</a>', '<a>Clic</a>'],
    ['a protocol-relative link', '<a href="//malo.example.com">Clic</a>', '<a>Clic</a>'],
    ['a style and an image', '<p style="color:red">Hola<img src="x" onerror="alert(1)"></p>', '<p>Hola</p>'],
    ['an iframe', '<iframe src="https://example.com"></iframe><p>Hola</p>', '<p>Hola</p>'],
  ])('strips %s from the text before storing it', async (_case, text, stored) => {
    const { body } = await create({ ...newsReport, text });
    expect(body.data.report.text).toBe(stored);
    const [row] = await db().query<{ text: string }>('SELECT text FROM reports');
    expect(row!.text).toBe(stored);
  });

  it('keeps the markup of news text: paragraphs, emphasis, headings, lists, quotes and web and mail links', async () => {
    const text =
      '<h2>Título</h2><h3>Sub</h3><p>Uno<br /><strong>dos</strong> <em>tres</em> <u>cuatro</u> <s>cinco</s></p>' +
      '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>cita</blockquote>' +
      '<p><a href="https://example.com">web</a> <a href="mailto:contacto@example.com">correo</a> <a href="/cortes">cortes</a></p>';
    expect((await create({ ...newsReport, text })).body.data.report.text).toBe(text);
  });

  it('turns the presentational tags of pasted text into their emphasis', async () => {
    expect((await create({ ...newsReport, text: '<p><b>negrita</b> <i>cursiva</i></p>' })).body.data.report.text).toBe(
      '<p><strong>negrita</strong> <em>cursiva</em></p>',
    );
  });

  describeRefusedBodies(
    [
      ['no short title', { ...newsReport, short_title: '  ' }, { short_title: 'Ingrese el título corto.' }],
      ['no title', { ...newsReport, title: '' }, { title: 'Ingrese el título.' }],
      ['a title over 200 characters', { ...newsReport, title: 'a'.repeat(201) }, { title: 'Máximo 200 caracteres.' }],
      ['a negative order', { ...newsReport, order: -1 }, { order: 'El orden no puede ser negativo.' }],
      ['a fractional order', { ...newsReport, order: 1.5 }, { order: 'Ingrese un número entero.' }],
      ['no active flag', { ...newsReport, active: 'sí' }, { active: 'Indique si el comunicado está activo.' }],
      [
        'a file address of another scheme',
        { ...newsReport, url_file: 'javascript:alert(1)' },
        { url_file: 'Ingrese una dirección que empiece con / o https://' },
      ],
    ],
    create,
    db,
  );
});

describe('GET /api/admin/reports', () => {
  it('lists active and inactive items by their order', async () => {
    await create({ ...newsReport, order: 2, title: 'Segundo' });
    await create({ ...newsReport, order: 1, title: 'Primero', active: false });
    const { body } = await read(await call('GET', '/api/admin/reports'));
    expect(
      body.data.reports.map((report: { title: string; active: boolean }) => [report.title, report.active]),
    ).toEqual([
      ['Primero', false],
      ['Segundo', true],
    ]);
  });
});

describe('/api/admin/reports/{id}', () => {
  it('reads, updates (sanitising again) and deletes an item, logging each change', async () => {
    const created = (await create()).body.data.report;
    expect((await read(await call('GET', `/api/admin/reports/${created.id}`))).body.data.report).toEqual(created);
    const updated = await read(
      await call('PUT', `/api/admin/reports/${created.id}`, {
        ...newsReport,
        title: 'Corte suspendido',
        active: false,
        url_file: '/api/files/x/aviso.pdf',
        text: '<p onmouseover="x()">Nuevo</p>',
      }),
    );
    expect(updated.body.data.report).toMatchObject({
      id: created.id,
      title: 'Corte suspendido',
      active: false,
      url_file: '/api/files/x/aviso.pdf',
      text: '<p>Nuevo</p>',
    });
    expect(await publicList()).toEqual([]);
    expect(await read(await call('DELETE', `/api/admin/reports/${created.id}`))).toEqual({
      status: 200,
      body: { success: true, data: {} },
    });
    expect((await auditRows(db())).map((row) => [row.action, row.summary])).toEqual([
      ['create', 'Corte programado en Coyhaique'],
      ['update', 'Corte suspendido'],
      ['delete', 'Corte suspendido'],
    ]);
  });

  itRefusesUnknownItems(
    [
      ['GET', '/api/admin/reports/424242'],
      ['PUT', '/api/admin/reports/424242'],
      ['DELETE', '/api/admin/reports/424242'],
    ],
    call,
    { message: 'Comunicado no encontrado.', body: newsReport, db },
  );
});

describe('GET /api/reports', () => {
  it('sanitises stored markup with the same rules on the way out', async () => {
    await db().query(
      `INSERT INTO reports (short_title, title, text) VALUES ('a', 'b', '<h1>Grande</h1><p><a href="javascript:x()">x</a></p>')`,
    );
    expect((await publicList())[0].text).toBe('Grande<p><a>x</a></p>');
  });
});
