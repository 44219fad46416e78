import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { directivesOf, netlifyPolicy } from './analytics-csp.ts';

/*
 * netlify.toml's Content-Security-Policy header allows no 'unsafe-inline': an inline <script> or
 * <style> runs only if the header names its hash. The build leaves a few kinds of inline code: each
 * page's stylesheet and its page scripts under 1 KB (astro.config.mjs), the loaders of the scripts
 * that wait for the first paint (scripts-after-paint.ts), Astro's island runtime, which Astro always
 * writes inline, and the web-analytics loader when content/site.json sets one. Their hashes are written in
 * netlify.toml rather than generated into a `_headers` file: Netlify lets netlify.toml override a
 * `_headers` rule for the same path and header, and a `/*` rule and a page's own rule both match a
 * page, so one reviewed policy for every path is the one that cannot be half-applied. This check
 * keeps it exact: after every build it compares the hashes of the inline code of every page with
 * the header's, and fails, printing the line to write, until they agree (an Astro upgrade or a new
 * client directive changes them). Attributes no hash can allow (style="…", onclick="…") fail too.
 */

const HASHED = ['script-src', 'style-src'] as const;
type Hashed = (typeof HASHED)[number];

/** The inline code of one page, as a strict policy sees it. */
export type InlineCode = Record<Hashed, string[]> & {
  /** Attributes a policy without 'unsafe-inline' blocks whatever hashes it names. */
  blockedAttributes: string[];
};

/** The CSP source that allows an inline script or style of exactly `text`. */
export const sourceHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const isHash = (source: string) => /^'sha(256|384|512)-/.test(source);

/** A `<script>` without src runs unless its type marks a data block (JSON-LD is one). */
const runs = (attributes: string) => {
  const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
  return (
    ['', 'module', 'importmap', 'speculationrules'].includes(type) ||
    /^(text|application)\/(x-)?(java|ecma)script$/.test(type)
  );
};

/** Hashes of a page's inline scripts and styles (the raw text between the tags, as browsers hash it). */
export function inlineCodeOf(html: string): InlineCode {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes]) => !/\ssrc\s*=/i.test(attributes!) && runs(attributes!))
    .map(([, , text]) => sourceHash(text!));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map(([, text]) => sourceHash(text!));
  // Tags only: the text of scripts and styles may say anything.
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  const blockedAttributes = [...markup.matchAll(/<[a-z][^\s>]*(?:\s[^>]*)?>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => /\s(style|on[a-z]+)\s*=/i.test(tag))
    .map((tag) => (tag.length > 120 ? `${tag.slice(0, 117)}...` : tag));
  return { 'script-src': [...new Set(scripts)], 'style-src': [...new Set(styles)], blockedAttributes };
}

/** The hashes a policy needs for these pages, each with the pages that need it. */
function neededHashes(pages: Map<string, InlineCode>, directive: Hashed): Map<string, string[]> {
  const needed = new Map<string, string[]>();
  for (const [page, code] of pages)
    for (const hash of code[directive]) needed.set(hash, [...(needed.get(hash) ?? []), page]);
  return new Map([...needed].sort(([a], [b]) => a.localeCompare(b)));
}

/** The policy with exactly the hashes these pages need and no 'unsafe-inline'; every other source kept in place. */
export function policyWithHashes(policy: string, pages: Map<string, InlineCode>): string {
  return directivesOf(policy)
    .map(([name, ...sources]) => {
      if (!(HASHED as readonly string[]).includes(name!)) return [name, ...sources];
      const kept = sources.filter((source) => !isHash(source) && source !== "'unsafe-inline'");
      const quoted = kept.filter((source) => source.startsWith("'"));
      const hosts = kept.filter((source) => !source.startsWith("'"));
      return [name, ...quoted, ...neededHashes(pages, name as Hashed).keys(), ...hosts];
    })
    .map((directive) => directive.join(' '))
    .join('; ');
}

const pagesNamed = (pages: string[]) =>
  pages.length > 3 ? `${pages.slice(0, 3).join(', ')} and ${pages.length - 3} more` : pages.join(', ');

/** What keeps the policy from allowing exactly the inline code of these pages; empty when it does. */
export function inlineCodeCspProblems(policy: string, pages: Map<string, InlineCode>): string[] {
  const directives = new Map(directivesOf(policy).map(([name, ...sources]) => [name!, sources]));
  const problems = HASHED.flatMap((name) => {
    const sources = directives.get(name);
    if (!sources) return [`${name} is missing`];
    const needed = neededHashes(pages, name);
    return [
      ...(sources.includes("'unsafe-inline'") ? [`${name} allows 'unsafe-inline'`] : []),
      ...[...needed]
        .filter(([hash]) => !sources.includes(hash))
        .map(([hash, where]) => `${name} lacks ${hash}, inline code of ${pagesNamed(where)}`),
      ...sources
        .filter((source) => isHash(source) && !needed.has(source))
        .map((hash) => `${name} allows ${hash}, which no page has`),
    ];
  });
  const attributes = [...pages].flatMap(([page, code]) =>
    code.blockedAttributes.map((tag) => `${page} has an inline style or event handler, blocked by the policy: ${tag}`),
  );
  return [...problems, ...attributes];
}

/** Every HTML page under `dir`, by its path there. */
async function readPages(dir: string): Promise<Map<string, InlineCode>> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
  const pages = new Map<string, InlineCode>();
  for (const file of files)
    pages.set(file.split(path.sep).join('/'), inlineCodeOf(await readFile(path.join(dir, file), 'utf8')));
  return pages;
}

/** Fails the build while netlify.toml's policy does not allow exactly the inline code of the built pages. */
export function inlineCodeCsp(): AstroIntegration {
  let root: URL;
  return {
    name: 'inline-code-csp',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': async ({ dir }) => {
        const policy = netlifyPolicy(await readFile(new URL('netlify.toml', root), 'utf8'));
        if (!policy) throw new Error('netlify.toml sends no Content-Security-Policy for "/*".');
        const pages = await readPages(fileURLToPath(dir));
        const problems = inlineCodeCspProblems(policy, pages);
        if (problems.length === 0) return;
        const rewritten = policyWithHashes(policy, pages);
        throw new Error(
          [
            "netlify.toml's Content-Security-Policy does not match the inline code of the build:",
            ...problems.map((problem) => `  - ${problem}`),
            ...(rewritten === policy ? [] : ['Write it as:', `    Content-Security-Policy = "${rewritten}"`]),
          ].join('\n'),
        );
      },
    },
  };
}
