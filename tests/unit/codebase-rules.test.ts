import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ADVISORY_TEMPLATE } from '../../src/shared/advisories/template.ts';
import { JS_BUDGET_KB } from '../e2e/helpers/js-budget.ts';

/**
 * The codebase's own rules (docs/architecture.md, docs/guides/testing.md), checked on every run so that a
 * sweep made once does not grow back: what a comment, test or document may cite, how long the
 * README may grow, which modules a texts.ts may read, that every built page has a JavaScript
 * budget, and how much copied code the tree may hold.
 */

const root = path.resolve(import.meta.dirname, '../..');
const TEXT_FILES = /\.(ts|tsx|js|mjs|astro|css|md|mdx|json|sql|toml|ya?ml|sh|html|txt)$/;

/** The text files under `dir` (relative to the project), as project-relative paths. */
const filesUnder = (dir: string, pattern: RegExp = TEXT_FILES) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter((file) => pattern.test(file) && !file.includes('/node_modules/'));

/**
 * An issue number tells a later reader nothing the code can show them: the tracker is not in the
 * tree. "issue 40", "issues 12 and 13", "(#40)"; a colour (#000, #1a2b3c) has three digits or more.
 */
const ISSUE_REFERENCE = /\bissues?[\s-]+#?\d|(^|[\s(])#\d{1,2}(?![\w-])/i;

/**
 * Left as they are: this file, which shows the forms a citation takes, and the applied migrations
 * that cite one, which Netlify refuses to run again once their text changes (it keeps each applied
 * migration's checksum: "has been modified after being applied").
 */
const CITING_AS_THEY_MUST = new Set([
  'tests/unit/codebase-rules.test.ts',
  'netlify/database/migrations/0041_refusals.sql',
  'netlify/database/migrations/0042_chunk_keys.sql',
]);

/** The lines of `files` that cite an issue by number, as "file:line: text". */
function issueReferences(files: { name: string; text: string }[]) {
  return files.flatMap(({ name, text }) =>
    text
      .split('\n')
      .flatMap((line, index) => (ISSUE_REFERENCE.test(line) ? [`${name}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('no comment, test or document cites an issue by its number', () => {
  it('finds the forms a citation takes', () => {
    const cited = ['issue 40', 'Issue 30: the trips', 'issues 12 and 13', '(issue 23)', 'see #40', '(#7)', 'issue-41'];
    const plain = ['color: #000;', "'#1a2b3c'", 'an issue with the map', 'row 3 of 4', 'href="#contenido"'];
    expect(issueReferences([...cited, ...plain].map((text, index) => ({ name: `f${index}`, text })))).toEqual(
      cited.map((text, index) => `f${index}:1: ${text}`),
    );
  });

  it('in src, netlify, scripts, tests, docs and the README: describe the behaviour instead', () => {
    const files = [
      ...['src', 'netlify', 'scripts', 'tests', 'docs'].flatMap((dir) => filesUnder(dir)),
      'README.md',
    ].filter((file) => !CITING_AS_THEY_MUST.has(file));
    const found = issueReferences(files.map((name) => ({ name, text: readFileSync(path.join(root, name), 'utf8') })));
    expect(found, 'say what the code does, not which issue asked for it').toEqual([]);
  });
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_[\]]|\]\([^)]*\)/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a Markdown file's headings, numbered as GitHub numbers repeated ones. */
function anchorsOf(markdown: string) {
  const seen = new Map<string, number>();
  return new Set(
    [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, heading]) => {
      const anchor = anchorOf(heading!);
      const times = seen.get(anchor) ?? 0;
      seen.set(anchor, times + 1);
      return times === 0 ? anchor : `${anchor}-${times}`;
    }),
  );
}

/** Each relative link of a Markdown file that names no file, or no heading, that exists. */
function brokenLinks(file: string) {
  const markdown = readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target))
    .filter((target) => {
      const [name, anchor] = target.split('#') as [string, string | undefined];
      const linked = name === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), name);
      if (!existsSync(linked)) return true;
      return anchor !== undefined && linked.endsWith('.md') && !anchorsOf(readFileSync(linked, 'utf8')).has(anchor);
    })
    .map((target) => `${file}: ${target}`);
}

describe('the README and docs/', () => {
  const README_LINES = 200;

  it(`keep the README a front door, at most ${README_LINES} lines: what is in docs/ stays in docs/`, () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines, 'move the detail to the doc that covers it and link to it').toBeLessThanOrEqual(README_LINES);
  });

  it('finds a link to a missing file or heading', () => {
    expect(anchorsOf('# Cortes de agua\n## La API pública (CAP 1.2)\n## Cortes de agua\n')).toEqual(
      new Set(['cortes-de-agua', 'la-api-pública-cap-12', 'cortes-de-agua-1']),
    );
  });

  it('link only to files, and headings, that exist', () => {
    const markdown = ['README.md', ...filesUnder('docs', /\.md$/)];
    expect(markdown.flatMap(brokenLinks)).toEqual([]);
  });
});

describe('a texts.ts', () => {
  it('never imports a schema.ts: the schemas read the texts, never the other way round', () => {
    // texts.ts and its kin (warning-texts.ts), by a named, a bare or a dynamic import; a type's
    // import is erased by the build, so it brings no zod into a page.
    const texts = filesUnder('src/shared', /(^|\/|-)texts\.ts$/);
    expect(texts.length).toBeGreaterThan(10);
    const imports = texts.flatMap((file) =>
      [
        ...readFileSync(path.join(root, file), 'utf8').matchAll(
          /^\s*(?:import|export)\b(?!\s+type\b)[^;]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm,
        ),
      ]
        .map(([, from, bare, dynamic]) => (from ?? bare ?? dynamic)!)
        .filter((from) => /(^|\/)schema(\.ts)?$/.test(from))
        .map((from) => `${file} imports ${from}`),
    );
    expect(imports).toEqual([]);
  });
});

/**
 * Every page the build makes, as the address a visitor opens, from its sources: each .astro page
 * of src/pages, and each content/pages entry that [page].astro builds (one with a route of its own,
 * or the home page's copy, is already among them). The admin is the admin's app, the notices'
 * template is no page, and 404.astro answers any unknown address.
 */
function builtPagesFromSources() {
  const routes = filesUnder('src/pages', /\.astro$/)
    .filter((file) => !file.includes('['))
    .map((file) => file.replace(/^src\/pages/, '').replace(/(\/index)?\.astro$/, '') || '/')
    .map((route) => (route === '/404' ? '/pagina-que-no-existe' : route));
  const content = filesUnder('content/pages', /\.mdx?$/).map((file) => path.basename(file).replace(/\.mdx?$/, ''));
  const pages = new Set([...routes, ...content.map((id) => (id === 'inicio' ? '/' : `/${id}`))]);
  return [...pages].filter((route) => route !== '/admin' && route !== ADVISORY_TEMPLATE.path).sort();
}

describe('the JavaScript budget table (e2e/helpers/js-budget.ts)', () => {
  it('has a row for every page the build makes, and none for a page it does not', () => {
    expect(Object.keys(JS_BUDGET_KB).sort()).toEqual(builtPagesFromSources());
  });
});

/**
 * Copy-paste, measured by jscpd (.jscpd.json: src, netlify, scripts and tests) as its duplicated
 * lines: the figure falls by a clone's size when it is removed, where the count of clones can rise
 * when a long clone is cut in two.
 */
describe('copied code', () => {
  const ceilingFile = 'tests/duplication-ceiling.json';

  it('stays within the ceiling kept in tests/duplication-ceiling.json', { timeout: 60_000 }, async () => {
    const output = await mkdtemp(path.join(tmpdir(), 'jscpd-'));
    try {
      const cli = createRequire(import.meta.url).resolve('jscpd/run-jscpd.js');
      await promisify(execFile)(
        process.execPath,
        [cli, '--config', '.jscpd.json', '--reporters', 'json', '--output', output, '--silent'],
        { cwd: root },
      );
      const report = JSON.parse(await readFile(path.join(output, 'jscpd-report.json'), 'utf8')) as {
        statistics: { total: { duplicatedLines: number; clones: number } };
      };
      const { duplicatedLines, clones } = report.statistics.total;
      const ceiling = (JSON.parse(readFileSync(path.join(root, ceilingFile), 'utf8')) as { duplicatedLines: number })
        .duplicatedLines;
      expect(
        duplicatedLines,
        `jscpd finds ${duplicatedLines} duplicated lines in ${clones} clones (npx jscpd for the list). ` +
          `Make the copies one thing rather than raise ${ceilingFile}: a change may lower the ceiling, never raise it.`,
      ).toBeLessThanOrEqual(ceiling);
    } finally {
      await rm(output, { recursive: true, force: true });
    }
  });
});
