import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { isExampleDocument } from './example-documents.ts';
import {
  findPlaceholders,
  placeholderReport,
  PLACEHOLDER_MEDIA,
  siteUrl,
  type ContentSnapshot,
} from './placeholders.ts';

/** A file or folder the repository does not have reads as nothing; any other failure stops the build. */
const absent = (error: NodeJS.ErrnoException): undefined => {
  if (error.code === 'ENOENT') return undefined;
  throw error;
};

/** Files under `dir`, relative to `root` with forward slashes. */
async function filesUnder(root: string, dir: string): Promise<string[]> {
  const entries = (await readdir(path.join(root, dir), { recursive: true, withFileTypes: true }).catch(absent)) ?? [];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Content files that mark themselves (`# PLACEHOLDER: …`), and the documents each links. */
async function readContent(root: string) {
  const markedFiles: string[] = [];
  const links = new Map<string, string[]>();
  for (const file of await filesUnder(root, 'content')) {
    if (!/\.(mdx?|ya?ml|json)$/.test(file)) continue;
    const text = await readFile(path.join(root, file), 'utf8');
    // Upper case only: the repository's convention, and Spanish prose never writes it.
    if (/\bPLACEHOLDERS?\b/.test(text)) markedFiles.push(file);
    for (const [link] of text.matchAll(/\/documentos\/[\w./-]*\w/g)) {
      const document = `public${link}`;
      links.set(document, [...new Set([...(links.get(document) ?? []), file])]);
    }
  }
  return { markedFiles, links };
}

async function readSnapshot(root: string, env: Record<string, string | undefined>): Promise<ContentSnapshot> {
  const { markedFiles, links } = await readContent(root);
  const exampleDocuments = [];
  for (const document of await filesUnder(root, 'public/documentos')) {
    if (isExampleDocument(await readFile(path.join(root, document))))
      exampleDocuments.push({ path: document, linkedFrom: links.get(document) ?? [] });
  }
  const placeholderMedia = [];
  for (const media of PLACEHOLDER_MEDIA) {
    const bytes = await readFile(path.join(root, media.path)).catch(absent);
    if (bytes && createHash('sha256').update(bytes).digest('hex') === media.sha256) placeholderMedia.push(media.path);
  }
  return {
    siteUrl: siteUrl(env),
    site: JSON.parse(await readFile(path.join(root, 'content/site.json'), 'utf8')),
    markedFiles,
    exampleDocuments,
    placeholderMedia,
  };
}

/**
 * Fails Netlify's production build (CONTEXT=production) while the site would publish a placeholder
 * that blocks (placeholders.ts), with one message listing every one; anywhere else it warns.
 */
export function placeholderCheck(env: Record<string, string | undefined> = process.env): AstroIntegration {
  return {
    name: 'placeholder-check',
    hooks: {
      'astro:config:setup': async ({ config, logger }) => {
        const placeholders = findPlaceholders(await readSnapshot(fileURLToPath(config.root), env));
        const { failure, warning } = placeholderReport(placeholders, env.CONTEXT);
        if (warning) logger.warn(warning);
        if (!failure) return;
        // Logged, then a short error: Astro appends a hint about browser APIs to any thrown error
        // that mentions "document", as every path under public/documentos/ does.
        logger.error(failure);
        throw new Error('Placeholders block this production build (the list above).');
      },
    },
  };
}
