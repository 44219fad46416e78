import { registerHooks } from 'node:module';
import { expect, test } from '@playwright/test';
import { startHttpsFront } from './helpers/https-front.ts';

/*
 * Mozilla's HTTP Observatory grade of what `npm start` sends (A+ for the home page and a
 * form page, and the API answers too). The package's own scanner runs unchanged against the local
 * server behind a front that adds what Netlify's edge adds (https-front.ts: TLS and the http://
 * redirect): without TLS, HSTS and the redirection fail for want of https, whatever the headers.
 *
 * One part of the package is replaced: its install script downloads Chromium's HSTS preload list,
 * which this project's install does not run (package.json, allowScripts: the install has only the
 * npm registry). The scanner reads the list for the scanned host alone, and localhost is on no
 * list, so an empty one stands in for it; the HSTS header is still scored from the response.
 */
registerHooks({
  load(url, context, nextLoad) {
    if (url.endsWith('/@mdn/mdn-http-observatory/src/analyzer/hsts.js'))
      return {
        format: 'module',
        shortCircuit: true,
        source: 'export const hsts = () => new Map(); export const isHstsPreloaded = () => null;',
      };
    return nextLoad(url, context);
  },
});
// After the hook, which applies to modules loaded from now on.
const { scan } = await import('@mdn/mdn-http-observatory');

let front: Awaited<ReturnType<typeof startHttpsFront>>;
test.beforeAll(async ({ baseURL }) => {
  front = await startHttpsFront(baseURL!);
});
test.afterAll(() => front.stop());

for (const path of ['/', '/contacto', '/api/reports', '/api/documents']) {
  test(`${path} gets an A+ from the HTTP Observatory, with no 'unsafe-inline' in its CSP header`, async ({
    request,
  }) => {
    const policy = (await request.get(path)).headers()['content-security-policy'];
    expect(policy).toMatch(/default-src '(self|none)'/);
    expect(policy).not.toContain("'unsafe-inline'");

    const { scan: result, tests } = await scan(`${front.host}${path}`);
    const failed = Object.entries(tests)
      .filter(([, outcome]) => !outcome.pass)
      .map(([name, outcome]) => `${name}: ${outcome.result}`);
    test.info().annotations.push({ type: 'Observatory', description: `${path}: ${result.grade} (${result.score})` });
    expect(failed).toEqual([]);
    expect(tests['content-security-policy']!.result).toMatch(/^csp-implemented-with-no-unsafe/);
    expect(tests['redirection']!.result).toBe('redirection-to-https');
    expect(tests['strict-transport-security']!.result).toBe('hsts-implemented-max-age-at-least-six-months');
    expect(result.grade).toBe('A+');
  });
}
