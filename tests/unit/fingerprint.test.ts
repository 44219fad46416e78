import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { fingerprint } from '../../scripts/lib/fingerprint.ts';

/** `npm start` skips the build and the bundling when this hash of their inputs is unchanged. */

const root = await mkdtemp(path.join(tmpdir(), 'fingerprint-'));
afterAll(() => rm(root, { recursive: true, force: true }));

it('changes with a file’s bytes, a new file, a renamed file or a setting, and only then', async () => {
  await mkdir(path.join(root, 'src/pages'), { recursive: true });
  await writeFile(path.join(root, 'src/pages/a.astro'), 'uno');
  await writeFile(path.join(root, 'netlify.toml'), 'toml');
  const inputs = ['src', 'netlify.toml', 'missing-file'];
  const first = await fingerprint(root, inputs, { SITE_URL: undefined });

  // Same bytes written again (a checkout changes the time): the same.
  await writeFile(path.join(root, 'src/pages/a.astro'), 'uno');
  expect(await fingerprint(root, inputs, { SITE_URL: undefined })).toBe(first);

  await writeFile(path.join(root, 'src/pages/a.astro'), 'dos');
  const changed = await fingerprint(root, inputs, { SITE_URL: undefined });
  expect(changed).not.toBe(first);

  await writeFile(path.join(root, 'src/pages/b.astro'), '');
  const added = await fingerprint(root, inputs, { SITE_URL: undefined });
  expect(added).not.toBe(changed);

  await rm(path.join(root, 'src/pages/b.astro'));
  await writeFile(path.join(root, 'src/pages/c.astro'), '');
  expect(await fingerprint(root, inputs, { SITE_URL: undefined })).not.toBe(added);

  expect(await fingerprint(root, inputs, { SITE_URL: 'https://www.example.com' })).not.toBe(
    await fingerprint(root, inputs, { SITE_URL: undefined }),
  );
});
