/**
 * `node scripts/anonymise-preview.ts`, run by every deploy preview's build before `npm run build`
 * (netlify.toml): the preview's database branch is a copy of production's, and production's own
 * code, not this pull request's, replaces every person's data in it (POST /api/preview-anonymisation,
 * src/server/preview-anonymisation.ts). This only hands production the branch Netlify gave the
 * build (NETLIFY_DB_URL) and waits for its answer, at the production site's address (Netlify's
 * URL), with PREVIEW_ANONYMISATION_TOKEN. A failure fails the preview's build; whatever this does,
 * the preview's functions refuse the branch (503) until production has marked it (db/preview-gate.ts).
 *
 * It runs in the deploy-preview context only; anywhere else it refuses and exits 1.
 */
const context = process.env.CONTEXT;
if (context !== 'deploy-preview') {
  console.error(
    `anonymise-preview: refused in the ${context ? `"${context}"` : 'unknown'} deploy context; ` +
      'it runs only in a deploy preview, on the database branch Netlify gives it.',
  );
  process.exit(1);
}
const { NETLIFY_DB_URL: branch, URL: production, PREVIEW_ANONYMISATION_TOKEN: token } = process.env;
if (!branch || !production || !token) {
  console.error('anonymise-preview: NETLIFY_DB_URL, URL and PREVIEW_ANONYMISATION_TOKEN must be set.');
  process.exit(1);
}

const response = await fetch(new URL('/api/preview-anonymisation', production), {
  method: 'POST',
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
  body: JSON.stringify({ connectionString: branch }),
  signal: AbortSignal.timeout(60_000),
}).catch((error: unknown) => {
  console.error(`anonymise-preview: production did not answer: ${String(error)}`);
  process.exit(1);
});
const body = (await response.json().catch(() => null)) as {
  data?: { outcome?: { kind: string; at?: string; missing?: string[] } };
  error?: string;
} | null;
const outcome = body?.data?.outcome;
if (!response.ok || !outcome) {
  console.error(`anonymise-preview: production refused (${response.status}): ${body?.error ?? 'no answer'}`);
  process.exit(1);
}
switch (outcome.kind) {
  case 'done':
    console.log("anonymise-preview: production replaced every person's data in this preview's database.");
    break;
  case 'already-done':
    console.log(`anonymise-preview: this preview's database was anonymised at ${outcome.at}; nothing to do.`);
    break;
  default:
    console.error(
      "anonymise-preview: production's classification lacks what this branch has (merge its classification " +
        `first; the preview stays closed until then): ${(outcome.missing ?? []).join(', ')}`,
    );
    process.exitCode = 1;
}

export {};
