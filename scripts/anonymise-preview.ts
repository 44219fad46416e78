import { anonymise, databaseFingerprint } from './lib/preview-anonymisation.ts';
import { commandDatabase } from './lib/command-database.ts';

/**
 * `node scripts/anonymise-preview.ts`, run by every deploy preview's build before `npm run build`
 * (netlify.toml): the preview's database branch is a copy of production's, and this replaces every
 * person's data in it with fake values and deletes its unsent mail (scripts/lib/preview-anonymisation.ts),
 * once per branch. Netlify sets CONTEXT and, for builds, NETLIFY_DB_URL to the preview's branch.
 *
 * It runs in the deploy-preview context only: Netlify documents a database branch of its own for
 * each deploy preview; production's build (CONTEXT=production) would erase production's people,
 * and a branch deploy's database is not documented to be a branch of its own. Anywhere else it
 * refuses and exits 1, touching nothing. Any failure fails the preview's build: a preview is
 * never published with a database that still holds real people's data.
 */
const context = process.env.CONTEXT;
if (context !== 'deploy-preview') {
  console.error(
    `anonymise-preview: refused in the ${context ? `"${context}"` : 'unknown'} deploy context; ` +
      'it runs only in a deploy preview, on the database branch Netlify gives it.',
  );
  process.exit(1);
}
const url = process.env.NETLIFY_DB_URL;
if (!url) {
  console.error("anonymise-preview: NETLIFY_DB_URL is not set: the preview's database branch is unknown.");
  process.exit(1);
}

const db = await commandDatabase();
try {
  const outcome = await anonymise(db, databaseFingerprint(url));
  switch (outcome.kind) {
    case 'done':
      console.log(
        "anonymise-preview: every person's data in this preview's database was replaced; unsent mail deleted.",
      );
      break;
    case 'already-done':
      console.log(`anonymise-preview: this preview's database was anonymised at ${outcome.at}; nothing to do.`);
      break;
    case 'unclassified':
      console.error(
        'anonymise-preview: refused, nothing changed: classify these in scripts/lib/preview-anonymisation.ts ' +
          `(kept or replaced): ${outcome.missing.join(', ')}`,
      );
      process.exitCode = 1;
  }
} finally {
  await db.close();
}
