import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Page } from 'puppeteer-core';
import { Builder, By, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../../scripts/lib/free-port.ts';
import { fitWindow } from './fit-window.ts';

/**
 * The two engines of the cross-browser smoke, as Debian ships them (scripts/install-browsers.sh).
 * Playwright cannot drive these builds, so each is driven over WebDriver:
 * - Firefox ESR through WebDriver BiDi, which Firefox speaks itself (puppeteer-core launches it;
 *   Debian has no geckodriver for WebDriver classic);
 * - WebKitGTK through WebKitWebDriver, WebDriver classic (selenium-webdriver): it refuses BiDi
 *   (`webSocketUrl`) and has no log endpoint, so WebKit's console is read from its MiniBrowser's
 *   own output instead (webkitConsoleErrors).
 */
export type Engine = 'firefox' | 'webkit';

/** One browser window, driven the same way in both engines. */
export interface EngineSession {
  readonly engine: Engine;
  /** Opens the address and waits for its load event. */
  goto(url: string): Promise<void>;
  /** The viewport's size in CSS pixels. */
  resize(width: number, height: number): Promise<void>;
  /** Runs `fn` in the page with JSON-serialisable arguments and returns its JSON-serialisable result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** A person's click on the element the CSS selector finds. */
  click(selector: string): Promise<void>;
  /** Moves the pointer over the element the CSS selector finds, without a click. */
  hover(selector: string): Promise<void>;
  /** A person typing into the element the CSS selector finds. */
  type(selector: string, text: string): Promise<void>;
  /** Chooses the option of that value in the select, as a person does. */
  select(selector: string, value: string): Promise<void>;
  url(): Promise<string>;
  screenshot(): Promise<Uint8Array>;
  /** Forgets the site's cookies and storage, so that a test does not inherit the one before it. */
  reset(origin: string): Promise<void>;
  /** The errors each address's load left in the engine's console, as `address: message`. */
  consoleErrors(urls: string[]): Promise<string[]>;
  close(): Promise<void>;
}

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export const openSession = (engine: Engine): Promise<EngineSession> =>
  engine === 'firefox' ? openFirefox() : openWebKit();

/** Calls `fn` in the page: both protocols take a function's source and its arguments. */
const asScript = (fn: (...args: never[]) => unknown) => `return (${fn.toString()}).apply(null, arguments);`;

/**
 * Loads `url` and waits for its load event. Firefox's WebDriver BiDi fails a navigation ("Address
 * rejected") when a frame of the page being left shows an error page meanwhile: /cortes embeds
 * the external outages page, whose host does not resolve on a machine without internet. The page
 * asked for has loaded all the same; any other failure, or a page that is not the one asked for,
 * still fails.
 */
async function navigate(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'load' });
  } catch (error) {
    if (!String(error).includes('Address rejected') || page.url() !== url) throw error;
    await page.waitForFunction(() => document.readyState === 'complete');
  }
}

async function openFirefox(): Promise<EngineSession> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: { width: 1280, height: 900 },
    // No updates, telemetry or first-run pages in a throwaway profile.
    extraPrefsFirefox: { 'app.update.enabled': false, 'datareporting.policy.dataSubmissionEnabled': false },
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  // Firefox reports CSP refusals and uncaught exceptions as page errors, console.error calls as
  // console messages; a subresource that failed only shows in its answer's status.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url() !== page.url())
      errors.push(`${response.status()} ${response.url()}`);
  });
  // What the page being left reports as it goes (a module import its unloading cut short) is not
  // the next page's: each page's errors start when it commits.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) errors.length = 0;
  });
  return {
    engine: 'firefox',
    goto: (url) => navigate(page, url),
    resize: (width, height) => page.setViewport({ width, height }),
    evaluate: (fn, ...args) => page.evaluate(fn as (...values: unknown[]) => never, ...args),
    click: (selector) => page.click(selector),
    hover: (selector) => page.hover(selector),
    type: (selector, text) => page.type(selector, text),
    select: async (selector, value) => {
      await page.select(selector, value);
    },
    url: async () => page.url(),
    screenshot: () => page.screenshot(),
    reset: async (origin) => {
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await page.deleteCookie(...(await page.cookies()));
      errors.length = 0;
    },
    consoleErrors: async (urls) => {
      const found: string[] = [];
      for (const url of urls) {
        errors.length = 0;
        await navigate(page, url);
        // Islands hydrate after the load event (client:idle): their errors come a moment later.
        await new Promise((resolve) => setTimeout(resolve, 250));
        found.push(...errors.map((error) => `${url}: ${error}`));
      }
      errors.length = 0;
      return found;
    },
    // Firefox at times never answers the end of its WebDriver BiDi session (a worker's teardown
    // then timed out after a passing run): its process is ended after 10 s.
    close: async () => {
      let killed = false;
      const timer = setTimeout(() => {
        killed = true;
        browser.process()?.kill('SIGKILL');
      }, 10_000);
      try {
        await browser.close();
      } catch (error) {
        if (!killed) throw error;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** A virtual X display for MiniBrowser, a GTK 3 program with no headless mode. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  // -displayfd: Xvfb picks a free display number and writes it once it accepts clients.
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [chunk] = (await once(xvfb.stdout!, 'data')) as [Buffer];
  return { display: `:${chunk.toString().trim()}`, process: xvfb };
}

async function waitForDriver(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ready = await fetch(`${url}/status`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not start at ${url}`);
}

/**
 * GTK settings of the session's own: MiniBrowser's toolbar keeps its window at least 447 px wide,
 * wider than the 390 px phone the smoke tests, unless its widgets may shrink (GTK 3 reads a user
 * style sheet from $XDG_CONFIG_HOME/gtk-3.0/gtk.css; the page's own rendering is WebKit's, not GTK's).
 */
async function gtkConfig(): Promise<string> {
  const home = await mkdtemp(path.join(tmpdir(), 'webkit-smoke-'));
  await mkdir(path.join(home, 'gtk-3.0'));
  await writeFile(
    path.join(home, 'gtk-3.0/gtk.css'),
    '* { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0; }\n',
  );
  return home;
}

async function openWebKit(): Promise<EngineSession> {
  const xvfb = await startXvfb();
  const configHome = await gtkConfig();
  const env = { ...process.env, DISPLAY: xvfb.display, XDG_CONFIG_HOME: configHome };
  const port = await freePort();
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env, stdio: 'ignore' });
  const stop = () => {
    driverProcess.kill();
    xvfb.process.kill();
    void rm(configHome, { recursive: true, force: true });
  };
  let driver: WebDriver;
  try {
    await waitForDriver(`http://127.0.0.1:${port}`);
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
  } catch (error) {
    stop();
    throw error;
  }
  const find = (selector: string) => driver.findElement(By.css(selector));
  const session: EngineSession = {
    engine: 'webkit',
    goto: (url) => driver.get(url),
    resize: (width, height) =>
      fitWindow(
        {
          setOuterSize: async (outerWidth, outerHeight) => {
            await driver.manage().window().setRect({ width: outerWidth, height: outerHeight });
          },
          sizes: () =>
            driver.executeScript(
              'return [window.outerWidth, window.outerHeight, window.innerWidth, window.innerHeight];',
            ),
        },
        width,
        height,
      ),
    evaluate: (fn, ...args) => driver.executeScript(asScript(fn as never), ...args),
    click: async (selector) => (await find(selector)).click(),
    hover: async (selector) =>
      driver
        .actions()
        .move({ origin: await find(selector) })
        .perform(),
    type: async (selector, text) => (await find(selector)).sendKeys(text),
    select: async (selector, value) => (await find(`${selector} option[value=${JSON.stringify(value)}]`)).click(),
    url: () => driver.getCurrentUrl(),
    screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
    reset: async (origin) => {
      await driver.get(`${origin}/robots.txt`);
      await driver.executeScript('localStorage.clear(); sessionStorage.clear();');
      await driver.manage().deleteAllCookies();
    },
    consoleErrors: (urls) => webkitConsoleErrors(urls, env),
    close: async () => {
      await driver.quit().catch(() => undefined);
      stop();
    },
  };
  return session;
}

/**
 * WebKit logs each console message on its MiniBrowser's output as `source:line:column: CONSOLE
 * [kind] level text` (kind JS, SECURITY, NETWORK…; none for console.error).
 */
const CONSOLE_ERROR = /^(\S+?):\d+(?::\d+)?: CONSOLE (?:\S+ )?ERROR (.*)$/;
/** WebKit's own PDF viewer (pdf.js) logs its own complaints: not the site's. */
const OWN_VIEWER = 'webkit-pdfjs-viewer:';

/**
 * The errors WebKit's console shows while these addresses load. MiniBrowser writes its console to
 * its output when asked (WebKitSettings' enable-write-console-messages-to-stdout), but not under
 * automation, so the pages open in a MiniBrowser of their own, a few tabs at a time, outside
 * WebDriver. A tab has no load signal there: each batch gets a fixed time, ample for the local
 * server, and what comes later is not seen (a smoke, not a guard on slow errors).
 */
async function webkitConsoleErrors(urls: string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < urls.length; start += 8) {
    const batch = urls.slice(start, start + 8);
    const browser = spawn(MINIBROWSER, ['--enable-write-console-messages-to-stdout=true', ...batch], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    browser.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    browser.kill();
    await once(browser, 'exit');
    for (const line of output.split('\n')) {
      const match = CONSOLE_ERROR.exec(line);
      if (match && !match[1]!.startsWith(OWN_VIEWER)) found.push(`${match[1]}: ${match[2]}`);
    }
  }
  return found;
}
