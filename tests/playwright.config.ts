import { defineConfig } from '@playwright/test';
import { e2eAdmin, e2eBootstrapToken, e2eTotpKey, e2eTotpSecret } from './e2e/helpers/admin-credentials.ts';
import type { Engine } from './browsers/engines.ts';

const port = Number(process.env.E2E_PORT ?? 8890);
// The accounts the tests create and sign in with are hashed at scrypt's 2^14 rather than
// production's 2^17 (config.passwordHashCost, local mode only): eight times less of a core a
// sign-in. The server reads it, and so do the test workers, which write the local server's
// database (e2e/helpers/admin-session.ts hashes its accounts' passwords) and so are in local mode too.
const passwordHashCost = '14';
process.env.APP_MODE ??= 'local';
process.env.PASSWORD_HASH_COST ??= passwordHashCost;

export default defineConfig<object, { engine: Engine }>({
  testDir: 'e2e',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two cores run the server, two browsers and, in CI, nothing else: an admin action that hashes
  // a password and checks the admin's own (two scrypts) answered after 5 s there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-CL',
    // The offline pages' worker (registered 5 s after a page's load) takes over the page's requests,
    // and then page.route() no longer sees them, as Playwright warns: the specs that stand in for
    // the server or hold its answers would meet the worker instead. Only offline.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium: Playwright cannot download its own browser on this network.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // tests/e2e in Debian's Chromium, as `use` above says.
    { name: 'chromium', testDir: 'e2e' },
    // The cross-browser smoke (tests/browsers): its journeys in Firefox ESR and WebKitGTK, driven
    // over WebDriver by its own fixtures (browsers/fixtures.ts), against the same build and server.
    { name: 'firefox', testDir: 'browsers', use: { engine: 'firefox' } },
    { name: 'webkit', testDir: 'browsers', use: { engine: 'webkit' } },
  ],
  webServer: {
    command: 'npm start',
    cwd: '..',
    // A new local database's first admin is the one the admin tests sign in as (e2e/helpers/admin-credentials.ts),
    // with a known second factor sealed with a known key;
    // the bootstrap token is set so that its screen is tested refusing, since admins exist.
    // A run sends about 20 MB of visitors' files from one address into a database kept between
    // runs: the default daily quota of 200 MB would refuse them after ten runs in a day.
    env: {
      PORT: String(port),
      SEED_ADMIN_EMAIL: e2eAdmin.email,
      SEED_ADMIN_PASSWORD: e2eAdmin.password,
      SEED_ADMIN_TOTP_SECRET: e2eTotpSecret,
      TOTP_ENCRYPTION_KEY: e2eTotpKey,
      ADMIN_BOOTSTRAP_TOKEN: e2eBootstrapToken,
      PASSWORD_HASH_COST: passwordHashCost,
      UPLOAD_DAILY_BYTES_PER_CLIENT: '5000000000',
      // The forms' tests acknowledge the same few addresses run after run (3 a day by default).
      MAIL_ACKNOWLEDGEMENTS_PER_DAY: '100000',
      MAIL_RIGHTS_CONFIRMATIONS_PER_DAY: '100000',
    },
    url: `http://localhost:${port}/`,
    // A fresh clone optimises all 231 images once (Astro's cache in node_modules/.astro is empty):
    // about a minute on a quiet machine, four under load.
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
  },
});
