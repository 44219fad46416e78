import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import { netlifyPolicy, policyAllowing } from '../../src/integrations/analytics-csp.ts';
import {
  inlineCodeCsp,
  inlineCodeCspProblems,
  inlineCodeOf,
  policyWithHashes,
  type InlineCode,
} from '../../src/integrations/inline-code-csp.ts';
import { AnalyticsSchema } from '../../src/shared/analytics.ts';

// What a browser computes for these texts (openssl dgst -sha256 -binary | base64).
const ALERT = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"; // alert(1)
const RED = "'sha256-p0bF+un5yUb9MBO6xRb8kPHlY2BdpHVtLiFkDrZPF64='"; // p{color:red}

const toml = await readFile(path.resolve(import.meta.dirname, '../../netlify.toml'), 'utf8');
const policy = netlifyPolicy(toml)!;
const directive = (text: string, name: string) =>
  text
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('the inline code of a page, as a strict policy sees it', () => {
  it.each<[string, string, Partial<InlineCode>]>([
    ['a classic script', '<script>alert(1)</script>', { 'script-src': [ALERT] }],
    ['a module script', '<script type="module">alert(1)</script>', { 'script-src': [ALERT] }],
    ['a script typed as JavaScript', '<script type="text/javascript">alert(1)</script>', { 'script-src': [ALERT] }],
    ['an import map', '<script type="importmap">alert(1)</script>', { 'script-src': [ALERT] }],
    ['a style element', '<style>p{color:red}</style>', { 'style-src': [RED] }],
    [
      'the same script twice, once',
      '<script>alert(1)</script><p>x</p><script>alert(1)</script>',
      { 'script-src': [ALERT] },
    ],
    ['a script file', '<script type="module" src="/_astro/a.js"></script>', {}],
    ['JSON-LD, a data block', '<script type="application/ld+json">{"a":1}</script>', {}],
    ['a stylesheet file', '<link rel="stylesheet" href="/_astro/a.css">', {}],
    [
      'a script that writes style= in its text',
      '<script>x.innerHTML = "<b style=x>"</script>',
      { 'script-src': ["'sha256-T4Tfz4vDa8IAeD3HPT4/p6WzIFkxm9sZ/csM+5ByndE='"] },
    ],
    ['a style attribute', '<p style="color:red">x</p>', { blockedAttributes: ['<p style="color:red">'] }],
    ['an event handler', '<button onclick="go()">x</button>', { blockedAttributes: ['<button onclick="go()">'] }],
  ])('of %s', (_case, html, code) => {
    expect(inlineCodeOf(html)).toEqual({ 'script-src': [], 'style-src': [], blockedAttributes: [], ...code });
  });
});

const pages = new Map<string, InlineCode>([
  ['index.html', { 'script-src': [ALERT], 'style-src': [RED], blockedAttributes: [] }],
  ['contacto.html', { 'script-src': [ALERT], 'style-src': [], blockedAttributes: [] }],
]);
const strict =
  "default-src 'self'; script-src 'self' " + ALERT + "; style-src 'self' " + RED + "; frame-ancestors 'self'";

describe("netlify.toml's policy and the inline code of the build", () => {
  it('allows exactly the hashes the pages need, and no unsafe-inline', () => {
    expect(inlineCodeCspProblems(strict, pages)).toEqual([]);
  });

  it.each<[string, string, string[]]>([
    [
      "'unsafe-inline'",
      strict.replace(`script-src 'self'`, `script-src 'self' 'unsafe-inline'`),
      ["script-src allows 'unsafe-inline'"],
    ],
    ['a hash missing', strict.replace(` ${RED}`, ''), [`style-src lacks ${RED}, inline code of index.html`]],
    [
      'a hash no page has',
      strict.replace(`style-src 'self'`, `style-src 'self' ${ALERT}`),
      [`style-src allows ${ALERT}, which no page has`],
    ],
    ['no style-src', "default-src 'self'; script-src 'self' " + ALERT, ['style-src is missing']],
  ])('refuses %s', (_case, wrong, problems) => {
    expect(inlineCodeCspProblems(wrong, pages)).toEqual(problems);
  });

  it('names the pages that need a missing hash, up to three', () => {
    const many = new Map(
      ['a', 'b', 'c', 'd', 'e'].map((name) => [
        `${name}.html`,
        { 'script-src': [ALERT], 'style-src': [], blockedAttributes: [] },
      ]),
    );
    expect(inlineCodeCspProblems("script-src 'self'; style-src 'self'", many)).toEqual([
      `script-src lacks ${ALERT}, inline code of a.html, b.html, c.html and 2 more`,
    ]);
  });

  it('refuses attributes no hash can allow, wherever they are', () => {
    const withAttribute = new Map([
      ...pages,
      ['tarifas.html', { 'script-src': [], 'style-src': [], blockedAttributes: ['<p style="color:red">'] }],
    ]);
    expect(inlineCodeCspProblems(strict, withAttribute)).toEqual([
      'tarifas.html has an inline style or event handler, blocked by the policy: <p style="color:red">',
    ]);
  });

  it('is rewritten with exactly those hashes, hosts and every other directive kept', () => {
    const loose =
      "default-src 'self'; script-src 'self' 'unsafe-inline' 'sha256-old=' https://plausible.io; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'";
    const rewritten = policyWithHashes(loose, pages);
    expect(rewritten).toBe(
      `default-src 'self'; script-src 'self' ${ALERT} https://plausible.io; style-src 'self' ${RED}; frame-ancestors 'self'`,
    );
    expect(inlineCodeCspProblems(rewritten, pages)).toEqual([]);
  });

  it("composes with the analytics host's rewriting, in either order", () => {
    const plausible = AnalyticsSchema.parse({ script: 'https://plausible.io/js/script.js' });
    expect(policyAllowing(policyWithHashes(strict, pages), plausible)).toBe(
      policyWithHashes(policyAllowing(strict, plausible), pages),
    );
  });

  it('is, in the repository, free of unsafe-inline for scripts and styles, with hashes only', () => {
    for (const name of ['script-src', 'style-src']) {
      const sources = directive(policy, name)!.split(/\s+/).slice(1);
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources.filter((source) => source !== "'self'").every((source) => source.startsWith("'sha256-"))).toBe(
        true,
      );
    }
  });
});

describe('the build check (astro:build:done)', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  type ConfigDone = Parameters<NonNullable<AstroIntegration['hooks']['astro:config:done']>>[0];
  type BuildDone = Parameters<NonNullable<AstroIntegration['hooks']['astro:build:done']>>[0];

  /** Runs the integration's hooks as `astro build` would, on a project with this netlify.toml and these built files. */
  const buildWith = async (netlifyToml: string, files: Record<string, string>) => {
    const root = await mkdtemp(path.join(tmpdir(), 'inline-code-csp-'));
    dirs.push(root);
    await writeFile(path.join(root, 'netlify.toml'), netlifyToml);
    for (const [file, html] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, 'dist', file)), { recursive: true });
      await writeFile(path.join(root, 'dist', file), html);
    }
    const { hooks } = inlineCodeCsp();
    await hooks['astro:config:done']!({ config: { root: pathToFileURL(`${root}/`) } } as ConfigDone);
    return hooks['astro:build:done']!({ dir: pathToFileURL(`${root}/dist/`) } as BuildDone);
  };
  const tomlWith = (headerPolicy: string) =>
    `[[headers]]\n  for = "/*"\n  [headers.values]\n    Content-Security-Policy = "${headerPolicy}"\n`;
  const site = {
    'index.html': '<style>p{color:red}</style><script>alert(1)</script><link rel="stylesheet" href="/a.css">',
    'documentos/contacto.html': '<script>alert(1)</script>',
    'robots.txt': 'User-agent: *',
  };

  it('passes while the policy allows exactly the inline code of every page, in every folder', async () => {
    await expect(buildWith(tomlWith(strict), site)).resolves.toBeUndefined();
  });

  it('fails, printing the policy to write, while it does not', async () => {
    const loose =
      "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'";
    await expect(buildWith(tomlWith(loose), site)).rejects.toThrow(
      [
        "netlify.toml's Content-Security-Policy does not match the inline code of the build:",
        "  - script-src allows 'unsafe-inline'",
        `  - script-src lacks ${ALERT}, inline code of documentos/contacto.html, index.html`,
        "  - style-src allows 'unsafe-inline'",
        `  - style-src lacks ${RED}, inline code of index.html`,
        'Write it as:',
        `    Content-Security-Policy = "${strict}"`,
      ].join('\n'),
    );
  });

  it('fails on a style attribute without offering a policy: the page must change', async () => {
    const error = await buildWith(tomlWith(strict), { ...site, 'tarifas.html': '<div style="width:50%"></div>' }).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      [
        "netlify.toml's Content-Security-Policy does not match the inline code of the build:",
        '  - tarifas.html has an inline style or event handler, blocked by the policy: <div style="width:50%">',
      ].join('\n'),
    );
  });

  it('fails when netlify.toml sends no policy', async () => {
    await expect(buildWith('[build]\n  publish = "dist"\n', site)).rejects.toThrow('sends no Content-Security-Policy');
  });
});
