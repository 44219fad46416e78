/*
 * The placeholders the repository ships until the utility provides the real content (docs/guides/content.md,
 * "Placeholders"), and which of them a production build refuses to publish (docs/guides/deploy.md, "Content
 * to replace before launch"). A placeholder blocks when publishing it would mislead or fail a
 * visitor where it matters: a contact channel or mailbox that reaches nobody, a legal disclosure
 * (the board) or a binding document that is not the real one, the site's own address. The rest
 * (office street addresses, dumping-point sites, application forms, the video) is visibly
 * provisional and only warns. Pure: placeholder-check.ts reads the files and the environment.
 */

export type Severity = 'blocks' | 'warns';

export interface Placeholder {
  severity: Severity;
  /** The file or setting to change. */
  where: string;
  problem: string;
}

/** What the build found in the repository and its environment. */
export interface ContentSnapshot {
  /** The site's public address (siteUrl). */
  siteUrl: string | undefined;
  /** content/site.json, parsed. */
  site: unknown;
  /** Content files (from the repository's root) whose comments mark them PLACEHOLDER. */
  markedFiles: string[];
  /** Documents under public/ that say they are examples, each with the content files that link it. */
  exampleDocuments: { path: string; linkedFrom: string[] }[];
  /** The PLACEHOLDER_MEDIA paths whose file is still the placeholder. */
  placeholderMedia: string[];
}

/** SITE_URL, else the main address Netlify gives every build (`URL`). */
export const siteUrl = (env: Record<string, string | undefined>): string | undefined =>
  env.SITE_URL?.trim() || env.URL?.trim() || undefined;

/** Names reserved for examples and tests (RFC 2606, RFC 6761): nobody receives mail there. */
const isReservedHost = (host: string): boolean =>
  /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i.test(host);

/** The numbers content/site.json ships with (+56 67 221 000x): plausible, but nobody's. */
const PLACEHOLDER_PHONES = new Set(['+56672210000', '+56672210001', '+56672210002', '+56672210003']);

/** Content files whose placeholder must not reach production, and why. */
const BLOCKING_CONTENT: Record<string, string> = {
  'content/board.yaml': "the board's names and RUTs are a legal disclosure (/nosotros)",
  'content/pages/privacidad.mdx':
    "the privacy notice is the legal disclosure Ley 21.719 requires (/privacidad): the utility's legal team completes the company's identity and confirms it",
};

/** Folders of public/documentos/ whose documents bind the utility: an example must not stand in for one. */
const BINDING_DOCUMENTS: Record<string, string> = {
  tarifas: 'tariffs, binding on every bill',
  'plan-desarrollo': "development plans, the utility's commitments before the regulator",
  compliance: "the code of ethics and the crime-prevention model's policies",
  'estados-financieros': 'financial statements',
  memorias: 'annual reports',
};

/** Placeholder media with no room for a marker, known by their bytes: a replaced file no longer matches. */
export const PLACEHOLDER_MEDIA: { path: string; sha256: string; severity: Severity; problem: string }[] = [
  {
    path: 'src/assets/horario-atencion.jpg',
    sha256: '16a6a05cc550c62f860f2a072655bb55986264556cf9fad35826e57a1e6320c0',
    severity: 'blocks',
    problem: "the home page's opening-hours image tells visitors to see www.example.com/oficinas",
  },
  {
    path: 'public/video/corporativo.mp4',
    sha256: 'a34efd395943b04d5fbe5f4a1181a13fdf36d4a7096beb9174fb53dc3f5603b7',
    severity: 'warns',
    problem: 'the silent placeholder video; the real one comes with captions (/accesibilidad)',
  },
];

/** Every string of a JSON value, with its path (`mailboxes.contact`, `social[0].url`). */
function* strings(value: unknown, path = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, `${path}[${index}]`);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* strings(item, path ? `${path}.${key}` : key);
}

/** Why a value of content/site.json is a placeholder, if it is one. */
function sitePlaceholder(value: string): string | undefined {
  if (/^https?:\/\//.test(value) && URL.canParse(value)) {
    const url = new URL(value);
    if (isReservedHost(url.hostname)) return `${value} is on a domain reserved for examples`;
    if (/(^|\/)@?example(\/|$)/i.test(url.pathname)) return `${value} is an example account, not the utility's`;
    return undefined;
  }
  const email = /^[^\s@]+@([^\s@]+)$/.exec(value);
  if (email) return isReservedHost(email[1]!) ? `${value} is an e-mail address nobody receives` : undefined;
  return PLACEHOLDER_PHONES.has(value.replace(/\s+/g, ''))
    ? `${value} is the repository's placeholder number`
    : undefined;
}

function siteUrlPlaceholder(url: string | undefined): string | undefined {
  if (!url) return "SITE_URL is not set, nor Netlify's URL: the sitemap and canonical links need the site's address";
  if (!URL.canParse(url)) return `${url} is not an address`;
  if (isReservedHost(new URL(url).hostname)) return `${url} is on a domain reserved for examples`;
  return undefined;
}

const blocks = (where: string, problem: string): Placeholder => ({ severity: 'blocks', where, problem });
const warns = (where: string, problem: string): Placeholder => ({ severity: 'warns', where, problem });

const folderOf = (document: string): string => document.slice(0, document.lastIndexOf('/') + 1);
const nameOf = (document: string): string => document.slice(document.lastIndexOf('/') + 1);

/** Example documents by folder: one line each, since a folder's documents are replaced together. */
function documentPlaceholders(documents: ContentSnapshot['exampleDocuments']): Placeholder[] {
  const linked = Map.groupBy(
    documents.filter((document) => document.linkedFrom.length > 0),
    (document) => folderOf(document.path),
  );
  const placeholders = [...linked].map(([folder, inFolder]): Placeholder => {
    const binding = BINDING_DOCUMENTS[folder.split('/').at(-2)!];
    const pages = [...new Set(inFolder.flatMap((document) => document.linkedFrom))].sort();
    return {
      severity: binding ? 'blocks' : 'warns',
      where: folder,
      problem: `${inFolder.length} example document(s)${binding ? ` (${binding})` : ''} linked from ${pages.join(', ')}: ${inFolder.map((document) => nameOf(document.path)).join(', ')}`,
    };
  });
  const unlinked = documents.filter((document) => document.linkedFrom.length === 0);
  if (unlinked.length > 0)
    placeholders.push(
      warns(
        'public/documentos/',
        `${unlinked.length} example document(s) that no content links (local demo data lists them; in production staff publish the real ones), still served at their address: ${unlinked.map((document) => document.path.replace('public/documentos/', '')).join(', ')}`,
      ),
    );
  return placeholders;
}

/** Every placeholder the snapshot shows, the ones that block first. */
export function findPlaceholders(snapshot: ContentSnapshot): Placeholder[] {
  const siteUrlProblem = siteUrlPlaceholder(snapshot.siteUrl);
  const placeholders: Placeholder[] = [
    ...(siteUrlProblem ? [blocks('SITE_URL', siteUrlProblem)] : []),
    ...[...strings(snapshot.site)].flatMap(([path, value]) => {
      const problem = sitePlaceholder(value);
      return problem ? [blocks(`content/site.json ${path}`, problem)] : [];
    }),
    ...snapshot.markedFiles.map((file) => {
      const why = BLOCKING_CONTENT[file];
      return why ? blocks(file, `marked PLACEHOLDER: ${why}`) : warns(file, 'marked PLACEHOLDER');
    }),
    ...PLACEHOLDER_MEDIA.filter((media) => snapshot.placeholderMedia.includes(media.path)).map(
      ({ severity, path, problem }) => ({ severity, where: path, problem }),
    ),
    ...documentPlaceholders(snapshot.exampleDocuments),
  ];
  return [
    ...placeholders.filter((p) => p.severity === 'blocks'),
    ...placeholders.filter((p) => p.severity === 'warns'),
  ];
}

const lines = (placeholders: Placeholder[]): string[] =>
  placeholders.map((placeholder) => `  - ${placeholder.where}: ${placeholder.problem}`);

/**
 * What the build says: in Netlify's production context (CONTEXT=production) a failure listing
 * every placeholder that blocks; anywhere else (deploy previews, branch deploys, local builds)
 * only a warning, so previews can show the work in progress.
 */
export function placeholderReport(
  placeholders: Placeholder[],
  context: string | undefined,
): { failure?: string; warning?: string } {
  const blocking = placeholders.filter((placeholder) => placeholder.severity === 'blocks');
  const warning = placeholders.filter((placeholder) => placeholder.severity === 'warns');
  const guide = 'docs/guides/deploy.md, "Content to replace before launch"';
  if (context === 'production')
    return {
      ...(blocking.length > 0 && {
        failure: [`This production build would publish placeholders (${guide}):`, ...lines(blocking)].join('\n'),
      }),
      ...(warning.length > 0 && {
        warning: ['Placeholders still published (allowed in production):', ...lines(warning)].join('\n'),
      }),
    };
  if (placeholders.length === 0) return {};
  return {
    warning: [
      ...(blocking.length > 0 ? ['These placeholders would fail a production build (CONTEXT=production):'] : []),
      ...lines(blocking),
      ...(warning.length > 0 ? [`These would only warn (${guide}):`] : []),
      ...lines(warning),
    ].join('\n'),
  };
}
