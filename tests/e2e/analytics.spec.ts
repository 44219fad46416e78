import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'astro';
import { analyticsCspProblems, netlifyPolicy, policyAllowing } from '../../src/integrations/analytics-csp.ts';
import { inlineCodeOf, policyWithHashes } from '../../src/integrations/inline-code-csp.ts';
import { analytics as configured, AnalyticsSchema, analyticsOrigin } from '../../src/shared/analytics.ts';
import fixture from '../fixtures/analytics/analytics.json' with { type: 'json' };

const netlifyToml = path.resolve(import.meta.dirname, '../../netlify.toml');

/** Waits until the page has loaded and the browser has been idle: the loader's moment has passed. */
const afterLoaderMoment = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 200))));

test.describe('without analytics in content/site.json', () => {
  test.skip(configured !== undefined, 'content/site.json sets analytics');

  for (const route of ['/', '/contacto', '/accesibilidad']) {
    test(`${route} requests no script of another host and has no loader`, async ({ page, baseURL }) => {
      const foreign: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script' && new URL(request.url()).origin !== new URL(baseURL!).origin)
          foreign.push(request.url());
      });
      const response = await page.goto(route, { waitUntil: 'networkidle' });
      await afterLoaderMoment(page);
      expect(foreign).toEqual([]);
      await expect(page.locator('script[data-analytics-loader]')).toHaveCount(0);
      expect(analyticsCspProblems(response!.headers()['content-security-policy']!, undefined)).toEqual([]);
    });
  }
});

test('the staff pages never carry the analytics loader', async ({ page }) => {
  for (const route of ['/login', '/admin']) {
    await page.goto(route);
    await expect(page.locator('script[data-analytics-loader]')).toHaveCount(0);
  }
});

// A real build can carry only content/site.json's setting, so the loader with analytics set is
// tested on a one-page site built here with the same component and Astro's own CSP <meta>
// (tests/fixtures/analytics), served under netlify.toml's policy as the build checks require it:
// with the host, and with the hashes of the page's inline code, the loader's among them.
test.describe('with analytics set', () => {
  const analytics = AnalyticsSchema.parse(fixture);
  const origin = analyticsOrigin(analytics);
  const pageUrl = 'https://www.example.com/';
  let html = '';

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    // Inside the repository, so the build finds its packages, and in test-results/ (Playwright's
    // output, emptied on every run), so nothing it writes lands in the source tree.
    const root = path.resolve(import.meta.dirname, '../../test-results/analytics-site');
    await build({
      root,
      srcDir: path.resolve(import.meta.dirname, '../fixtures/analytics/src'),
      configFile: false,
      security: { csp: true },
      markdown: { syntaxHighlight: false },
      logLevel: 'warn',
    });
    html = await readFile(path.join(root, 'dist/index.html'), 'utf8');
  });

  test('the page loads the configured script after the load event, and its CSP allows that host only', async ({
    page,
  }) => {
    const headerPolicy = policyWithHashes(
      policyAllowing(netlifyPolicy(await readFile(netlifyToml, 'utf8'))!, analytics),
      new Map([['index.html', inlineCodeOf(html)]]),
    );
    expect(analyticsCspProblems(headerPolicy, analytics)).toEqual([]);
    const toAnalytics: string[] = [];
    const toOtherHosts: string[] = [];
    await page.route(pageUrl, (route) =>
      route.fulfill({ contentType: 'text/html', body: html, headers: { 'Content-Security-Policy': headerPolicy } }),
    );
    await page.route(`${origin}/**`, (route) => {
      const url = route.request().url();
      toAnalytics.push(url);
      // The service's script sends a page view to its own host, as analytics services do.
      return url === analytics.script
        ? route.fulfill({
            contentType: 'text/javascript',
            body: `fetch('${origin}/api/event', { method: 'POST', body: location.href });`,
          })
        : route.fulfill({ status: 202 });
    });
    await page.route('https://otro.example.org/**', (route) => {
      toOtherHosts.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { violations: seen });
      addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });

    // Not a <script src> the parser would fetch while the page paints.
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    await page.goto(pageUrl);
    const injected = page.locator(`head script[src="${analytics.script}"]`);
    await expect(injected).toHaveAttribute('data-domain', 'www.example.com');
    expect(await injected.evaluate((script: HTMLScriptElement) => script.async)).toBe(true);
    await expect.poll(() => toAnalytics).toEqual([analytics.script, `${origin}/api/event`]);
    const timing = await page.evaluate((script) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { load: navigation.loadEventStart, requested: performance.getEntriesByName(script)[0]!.startTime };
    }, analytics.script);
    expect(timing.requested).toBeGreaterThanOrEqual(timing.load);
    expect(await violations()).toEqual([]);

    // Astro's <meta> names the configured host and no other.
    const meta = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    const scriptSrc = meta!.split(';').find((directive) => directive.trim().startsWith('script-src '))!;
    expect(
      scriptSrc
        .trim()
        .split(/\s+/)
        .slice(1)
        .filter((source) => !source.startsWith("'")),
    ).toEqual([origin]);

    // Any other host stays blocked, for scripts and for beacons alike.
    await page.evaluate(async () => {
      const script = document.createElement('script');
      script.src = 'https://otro.example.org/script.js';
      document.head.append(script);
      await fetch('https://otro.example.org/api/event', { method: 'POST' }).catch(() => undefined);
    });
    await expect
      .poll(violations)
      .toEqual(
        expect.arrayContaining([
          'script-src-elem https://otro.example.org/script.js',
          'connect-src https://otro.example.org/api/event',
        ]),
      );
    expect(toOtherHosts).toEqual([]);
  });
});
