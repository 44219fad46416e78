import { getStore } from '@netlify/blobs';
import { afterEach, describe, expect, it } from 'vitest';
import job from '../../netlify/functions/jobs.ts';
import { MissingSettingError } from '../../src/server/config.ts';
import { uploadStoreName } from '../../src/server/uploads/store.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { multipart, pdfBytes } from '../helpers/files.ts';
import { testContext } from '../helpers/functions.ts';

/** Deploy previews and branch deploys never write to production's blob store. */
const environment = useLocalEnvironment();

/** What Netlify's runtime gives every request (Netlify.context), here for one deploy context. */
const servedIn = (deployContext: string | undefined) => {
  (globalThis as { Netlify?: unknown }).Netlify =
    deployContext === undefined ? undefined : { context: { deploy: { context: deployContext } } };
};
afterEach(() => servedIn(undefined));

const keysOf = async (name: string) => (await getStore({ name }).list()).blobs.map((blob) => blob.key);

describe('the upload store of each deploy context', () => {
  it.each([
    ['production', true, 'uploads'],
    ['production', false, 'uploads'],
    ['deploy-preview', false, 'uploads-deploy-preview'],
    ['branch-deploy', false, 'uploads-branch-deploy'],
    ['feature/Nueva-Boleta', false, 'uploads-feature-nueva-boleta'],
    [undefined, true, 'uploads'],
  ])('%s (local mode: %s) uses %s', (deployContext, local, name) => {
    expect(uploadStoreName(deployContext, local)).toBe(name);
  });

  it('in production mode, a request without a deploy context uses no store at all', () => {
    expect(() => uploadStoreName(undefined, false)).toThrow(MissingSettingError);
  });

  it.each([
    ['deploy-preview', 'uploads-deploy-preview'],
    ['branch-deploy', 'uploads-branch-deploy'],
    ['production', 'uploads'],
  ])("a CV sent to a %s deploy is stored in %s and in no other context's store", async (deployContext, store) => {
    servedIn(deployContext);
    const before = {
      uploads: await keysOf('uploads'),
      preview: await keysOf('uploads-deploy-preview'),
      branch: await keysOf('uploads-branch-deploy'),
    };
    const { context, settle } = testContext({}, deployContext);
    const response = await job(
      multipart(
        '/api/job',
        { name: 'Camila Ríos', email: 'camila@example.com', rut: '12.345.678-5', fileName: 'cv.pdf' },
        { name: 'cv.pdf', bytes: pdfBytes() },
      ),
      context,
    );
    await settle();
    expect(response.status).toBe(200);
    const { data } = await response.json();
    const [cv] = await environment.database.db.query<{ id: string }>(
      'SELECT cv_upload_id AS id FROM job_applications WHERE reference = $1',
      [data.reference],
    );
    const added = {
      uploads: (await keysOf('uploads')).filter((key) => !before.uploads.includes(key)),
      'uploads-deploy-preview': (await keysOf('uploads-deploy-preview')).filter((key) => !before.preview.includes(key)),
      'uploads-branch-deploy': (await keysOf('uploads-branch-deploy')).filter((key) => !before.branch.includes(key)),
    };
    expect(added).toEqual({
      uploads: [],
      'uploads-deploy-preview': [],
      'uploads-branch-deploy': [],
      [store]: [`files/${cv!.id}`],
    });
  });
});
