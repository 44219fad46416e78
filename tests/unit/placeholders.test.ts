import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { deflateRawSync, deflateSync } from 'node:zlib';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { isExampleDocument } from '../../src/integrations/example-documents.ts';
import { placeholderCheck } from '../../src/integrations/placeholder-check.ts';
import {
  findPlaceholders,
  placeholderReport,
  siteUrl,
  type ContentSnapshot,
  type Placeholder,
} from '../../src/integrations/placeholders.ts';
import realLookingSite from '../fixtures/placeholders/site.json' with { type: 'json' };

const projectRoot = path.resolve(import.meta.dirname, '../..');
const MARKER = 'Documento de ejemplo: será reemplazado por la versión oficial.';

/** A snapshot with nothing to report, for tests that change one thing. */
const clean: ContentSnapshot = {
  siteUrl: 'https://www.aguas-aysen.cl',
  site: realLookingSite,
  markedFiles: [],
  exampleDocuments: [],
  placeholderMedia: [],
};

/** The real-looking site.json with one value replaced, named by its path as the check names it (`social[2].url`). */
function siteWith(field: string, value: string): unknown {
  const site: unknown = structuredClone(realLookingSite);
  const keys = field.replace(/\[(\d+)\]/g, '.$1').split('.');
  const parent = keys.slice(0, -1).reduce((node, key) => (node as Record<string, unknown>)[key], site);
  (parent as Record<string, unknown>)[keys.at(-1)!] = value;
  return site;
}

const blocks = (where: string, problem: string): Placeholder => ({ severity: 'blocks', where, problem });
const warns = (where: string, problem: string): Placeholder => ({ severity: 'warns', where, problem });

describe('siteUrl', () => {
  it.each([
    [{ SITE_URL: 'https://www.aguas-aysen.cl', URL: 'https://aysen.netlify.app' }, 'https://www.aguas-aysen.cl'],
    [{ URL: 'https://aysen.netlify.app' }, 'https://aysen.netlify.app'],
    [{ SITE_URL: ' ', URL: 'https://aysen.netlify.app' }, 'https://aysen.netlify.app'],
    [{}, undefined],
  ])('takes SITE_URL, else Netlify URL (%o)', (env, expected) => {
    expect(siteUrl(env)).toBe(expected);
  });
});

describe('findPlaceholders', () => {
  it('finds nothing in real-looking content with a site address', () => {
    expect(findPlaceholders(clean)).toEqual([]);
  });

  it.each([
    [undefined, "SITE_URL is not set, nor Netlify's URL: the sitemap and canonical links need the site's address"],
    ['https://www.example.com', 'https://www.example.com is on a domain reserved for examples'],
    ['http://localhost:8888', 'http://localhost:8888 is on a domain reserved for examples'],
    ['www.aguas-aysen.cl', 'www.aguas-aysen.cl is not an address'],
  ])('blocks the site address %s', (url, problem) => {
    expect(findPlaceholders({ ...clean, siteUrl: url })).toEqual([blocks('SITE_URL', problem)]);
  });

  describe.each([
    ['contactEmail', 'contacto@example.com', 'contacto@example.com is an e-mail address nobody receives'],
    [
      'mailboxes.compliance',
      'denuncias@mail.example.org',
      'denuncias@mail.example.org is an e-mail address nobody receives',
    ],
    ['mailboxes.jobs', 'personas@aysen.test', 'personas@aysen.test is an e-mail address nobody receives'],
    ['customerPhone', '+56 67 221 0000', "+56 67 221 0000 is the repository's placeholder number"],
    ['phones.waterSales', '+56672210001', "+56672210001 is the repository's placeholder number"],
    ['phones.emergency', '+56 67 221 0003', "+56 67 221 0003 is the repository's placeholder number"],
    [
      'links.billPaymentPortal',
      'https://pagos.example.com/x',
      'https://pagos.example.com/x is on a domain reserved for examples',
    ],
    [
      'links.outagesSocial',
      'https://www.facebook.com/example/cortes',
      "https://www.facebook.com/example/cortes is an example account, not the utility's",
    ],
    [
      'social[2].url',
      'https://www.youtube.com/@example',
      "https://www.youtube.com/@example is an example account, not the utility's",
    ],
  ])('in content/site.json, %s = %s', (field, value, problem) => {
    it('blocks', () => {
      expect(findPlaceholders({ ...clean, site: siteWith(field, value) })).toEqual([
        blocks(`content/site.json ${field}`, problem),
      ]);
    });
  });

  it.each([
    'contacto@example-aysen.cl',
    'https://www.facebook.com/examples',
    'https://examplewater.cl/',
    '+56 67 221 0004',
    'Aguas Patagonia de Aysén',
  ])('lets %s through', (value) => {
    expect(findPlaceholders({ ...clean, site: { ...realLookingSite, contactEmail: value } })).toEqual([]);
  });

  it('blocks the board and the privacy notice marked PLACEHOLDER and warns about other marked files', () => {
    expect(
      findPlaceholders({
        ...clean,
        markedFiles: [
          'content/board.yaml',
          'content/offices.yaml',
          'content/dumping-points.yaml',
          'content/pages/privacidad.mdx',
        ],
      }),
    ).toEqual([
      blocks('content/board.yaml', "marked PLACEHOLDER: the board's names and RUTs are a legal disclosure (/nosotros)"),
      blocks(
        'content/pages/privacidad.mdx',
        "marked PLACEHOLDER: the privacy notice is the legal disclosure Ley 21.719 requires (/privacidad): the utility's legal team completes the company's identity and confirms it",
      ),
      warns('content/offices.yaml', 'marked PLACEHOLDER'),
      warns('content/dumping-points.yaml', 'marked PLACEHOLDER'),
    ]);
  });

  it('blocks the opening-hours image and warns about the video while they are the placeholders', () => {
    expect(
      findPlaceholders({
        ...clean,
        placeholderMedia: ['public/video/corporativo.mp4', 'src/assets/horario-atencion.jpg'],
      }),
    ).toEqual([
      blocks(
        'src/assets/horario-atencion.jpg',
        "the home page's opening-hours image tells visitors to see www.example.com/oficinas",
      ),
      warns(
        'public/video/corporativo.mp4',
        'the silent placeholder video; the real one comes with captions (/accesibilidad)',
      ),
    ]);
  });

  it('blocks linked example documents that bind the utility, warns about the other linked and the unlinked ones', () => {
    const exampleDocuments = [
      { path: 'public/documentos/tarifas/tarifas-reguladas-2025.pdf', linkedFrom: ['content/pages/tarifas.mdx'] },
      { path: 'public/documentos/tarifas/tarifas-no-monopolicas-2023.pdf', linkedFrom: ['content/pages/tarifas.mdx'] },
      {
        path: 'public/documentos/formularios/solicitud-cambio-de-titular.pdf',
        linkedFrom: ['content/pages/formularios.mdx'],
      },
      { path: 'public/documentos/estados-financieros/estados-financieros-2024.pdf', linkedFrom: [] },
      { path: 'public/documentos/boletas/boleta-ejemplo.pdf', linkedFrom: [] },
    ];
    expect(findPlaceholders({ ...clean, exampleDocuments })).toEqual([
      blocks(
        'public/documentos/tarifas/',
        '2 example document(s) (tariffs, binding on every bill) linked from content/pages/tarifas.mdx: tarifas-reguladas-2025.pdf, tarifas-no-monopolicas-2023.pdf',
      ),
      warns(
        'public/documentos/formularios/',
        '1 example document(s) linked from content/pages/formularios.mdx: solicitud-cambio-de-titular.pdf',
      ),
      warns(
        'public/documentos/',
        '2 example document(s) that no content links (local demo data lists them; in production staff publish the real ones), still served at their address: estados-financieros/estados-financieros-2024.pdf, boletas/boleta-ejemplo.pdf',
      ),
    ]);
  });
});

describe('placeholderReport', () => {
  const found = [
    blocks('content/board.yaml', 'marked PLACEHOLDER'),
    warns('content/offices.yaml', 'marked PLACEHOLDER'),
  ];

  it('fails production, listing every placeholder that blocks, and warns about the rest', () => {
    expect(placeholderReport(found, 'production')).toEqual({
      failure:
        'This production build would publish placeholders (docs/guides/deploy.md, "Content to replace before launch"):\n' +
        '  - content/board.yaml: marked PLACEHOLDER',
      warning: 'Placeholders still published (allowed in production):\n  - content/offices.yaml: marked PLACEHOLDER',
    });
  });

  it('passes production when only warnings are left, and says nothing when none are', () => {
    expect(placeholderReport(found.slice(1), 'production')).toEqual({
      warning: 'Placeholders still published (allowed in production):\n  - content/offices.yaml: marked PLACEHOLDER',
    });
    expect(placeholderReport([], 'production')).toEqual({});
    expect(placeholderReport([], undefined)).toEqual({});
  });

  it.each(['deploy-preview', 'branch-deploy', 'dev', undefined])('only warns in the %s context', (context) => {
    expect(placeholderReport(found, context)).toEqual({
      warning:
        'These placeholders would fail a production build (CONTEXT=production):\n' +
        '  - content/board.yaml: marked PLACEHOLDER\n' +
        'These would only warn (docs/guides/deploy.md, "Content to replace before launch"):\n' +
        '  - content/offices.yaml: marked PLACEHOLDER',
    });
  });
});

/** A compressed PDF stream, as PDF writers store page text and (in object streams) the Info dictionary. */
const stream = (content: string) =>
  Buffer.concat([
    Buffer.from('<< /Filter /FlateDecode >>\nstream\n'),
    deflateSync(content),
    Buffer.from('\nendstream\n'),
  ]);

/** A PDF with one line of text on its page and a Subject, both compressed. */
const pdf = (pageText: string, subject = '()') =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    stream(`BT /F1 11 Tf <${Buffer.from(pageText, 'latin1').toString('hex').toUpperCase()}> Tj ET`),
    stream(`<< /Subject ${subject} >>`),
    Buffer.from('%%EOF\n'),
  ]);

/** An Office file's ZIP with one deflated entry. */
const zip = (name: string, content: string) => {
  const data = deflateRawSync(content);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(Buffer.byteLength(content), 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name), data]);
};

describe('isExampleDocument', () => {
  const utf16Hex = (text: string) => `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

  it.each([
    ['a PDF with the marker on its page', pdf(MARKER)],
    ['a PDF with the marker in its Subject', pdf('Tarifas 2025', utf16Hex(MARKER))],
    ['an Excel file with the marker in dc:subject', zip('docProps/core.xml', `<dc:subject>${MARKER}</dc:subject>`)],
  ])('recognises %s', (_, bytes) => {
    expect(isExampleDocument(bytes)).toBe(true);
  });

  it.each([
    ['a real PDF', pdf('Tarifas reguladas vigentes 2025', utf16Hex('Tarifas 2025'))],
    ['a real Excel file', zip('docProps/core.xml', '<dc:subject>Solicitud de factibilidad</dc:subject>')],
    ['an empty file', Buffer.alloc(0)],
    ['an image', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])],
  ])('does not take %s for an example', (_, bytes) => {
    expect(isExampleDocument(bytes)).toBe(false);
  });
});

type SetupParameters = Parameters<NonNullable<AstroIntegration['hooks']['astro:config:setup']>>[0];

/** Runs the integration's hook on `root` as `astro build` would, with a logger to inspect. */
async function runCheck(root: string, env: Record<string, string | undefined>) {
  const logger = { warn: vi.fn(), error: vi.fn() };
  const hook = placeholderCheck(env).hooks['astro:config:setup']!;
  const run = hook({
    config: { root: pathToFileURL(`${root}/`) },
    logger: logger as unknown as AstroIntegrationLogger,
  } as SetupParameters);
  return { run, logger };
}

// These pin the repository's placeholders as they stand; when content/ gets the real values,
// they become the list of what is left.
describe('the repository as it stands', () => {
  it('fails a production build, listing what blocks and warning about the rest', async () => {
    const { run, logger } = await runCheck(projectRoot, { CONTEXT: 'production' });
    await expect(run).rejects.toThrow('Placeholders block this production build (the list above).');
    const [failure] = logger.error.mock.calls[0]!;
    for (const line of [
      "  - SITE_URL: SITE_URL is not set, nor Netlify's URL",
      '  - content/site.json mailboxes.contact: contacto@example.com is an e-mail address nobody receives',
      "  - content/site.json customerPhone: +56 67 221 0000 is the repository's placeholder number",
      "  - content/site.json social[0].url: https://www.facebook.com/example is an example account, not the utility's",
      '  - content/board.yaml: marked PLACEHOLDER',
      '  - content/pages/privacidad.mdx: marked PLACEHOLDER',
      '  - content/site.json mailboxes.privacy: privacidad@example.com is an e-mail address nobody receives',
      '  - src/assets/horario-atencion.jpg:',
      '  - public/documentos/tarifas/: 2 example document(s) (tariffs, binding on every bill) linked from content/pages/tarifas.mdx',
      '  - public/documentos/plan-desarrollo/: 40 example document(s)',
      '  - public/documentos/compliance/: 8 example document(s)',
    ])
      expect(failure).toContain(line);
    const [warning] = logger.warn.mock.calls[0]!;
    for (const line of [
      '  - content/offices.yaml: marked PLACEHOLDER',
      '  - content/dumping-points.yaml: marked PLACEHOLDER',
      '  - public/video/corporativo.mp4:',
      '  - public/documentos/factibilidad/: 2 example document(s) linked from content/pages/factibilidad.mdx: solicitud-factibilidad.pdf, solicitud-factibilidad.xlsx',
      'estados-financieros/estados-financieros-2024.pdf',
    ])
      expect(warning).toContain(line);
  });

  it.each(['deploy-preview', 'branch-deploy', undefined])('only warns in the %s context', async (context) => {
    const { run, logger } = await runCheck(projectRoot, { CONTEXT: context, URL: 'https://aysen.netlify.app' });
    await expect(run).resolves.toBeUndefined();
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.warn.mock.calls[0]![0]).toContain(
      'These placeholders would fail a production build (CONTEXT=production):\n  - content/site.json customerPhone',
    );
  });

  it('fails the real `astro build` in the production context', { timeout: 60_000 }, async () => {
    const outDir = await mkdtemp(path.join(tmpdir(), 'placeholders-build-'));
    const { SITE_URL: _site, URL: _url, ...env } = process.env;
    const astro = path.join(projectRoot, 'node_modules/astro/bin/astro.mjs');
    const build = promisify(execFile)(process.execPath, [astro, 'build', '--outDir', outDir], {
      cwd: projectRoot,
      env: { ...env, CONTEXT: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    try {
      const failure = await build.then(
        () => expect.fail('astro build passed'),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failure.code).not.toBe(0);
      const output = failure.stdout + failure.stderr;
      expect(output).toContain('This production build would publish placeholders');
      expect(output).toContain('  - content/site.json mailboxes.compliance: denuncias@example.com');
      expect(output).toContain('Placeholders block this production build (the list above).');
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});

describe('a repository with the real content', () => {
  const roots: string[] = [];
  afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

  /** content/site.json of the fixture, a linked real PDF, and the placeholder files replaced. */
  const realRepository = async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'placeholders-'));
    roots.push(root);
    const files: Record<string, string | Buffer> = {
      'content/site.json': await readFile(path.join(import.meta.dirname, '../fixtures/placeholders/site.json')),
      'content/board.yaml': '# Directorio (spec §1).\n- id: presidente\n  name: Nombre Real\n',
      'content/pages/tarifas.mdx':
        '<PdfEmbed src="/documentos/tarifas/tarifas-reguladas-2025.pdf" title="Tarifas" />\n',
      'public/documentos/tarifas/tarifas-reguladas-2025.pdf': pdf('Tarifas reguladas vigentes 2025'),
      'src/assets/horario-atencion.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    };
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), content);
    }
    return root;
  };

  it('passes a production build with SITE_URL set, saying nothing', async () => {
    const { run, logger } = await runCheck(await realRepository(), {
      CONTEXT: 'production',
      SITE_URL: 'https://www.aguas-aysen.cl',
    });
    await expect(run).resolves.toBeUndefined();
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("passes with Netlify's URL when SITE_URL is unset", async () => {
    const { run } = await runCheck(await realRepository(), { CONTEXT: 'production', URL: 'https://aysen.netlify.app' });
    await expect(run).resolves.toBeUndefined();
  });

  it('fails a production build with neither SITE_URL nor URL', async () => {
    const { run, logger } = await runCheck(await realRepository(), { CONTEXT: 'production' });
    await expect(run).rejects.toThrow();
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining("  - SITE_URL: SITE_URL is not set, nor Netlify's URL"),
    );
  });

  it('fails when a linked tariff is an example again', async () => {
    const root = await realRepository();
    await writeFile(path.join(root, 'public/documentos/tarifas/tarifas-reguladas-2025.pdf'), pdf(MARKER));
    const { run, logger } = await runCheck(root, { CONTEXT: 'production', SITE_URL: 'https://www.aguas-aysen.cl' });
    await expect(run).rejects.toThrow();
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining('  - public/documentos/tarifas/: 1 example document(s) (tariffs, binding on every bill)'),
    );
  });
});
