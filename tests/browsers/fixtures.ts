import { writeFile } from 'node:fs/promises';
import { test as base } from '@playwright/test';
import { openSession, type Engine, type EngineSession } from './engines.ts';

/**
 * A page of the site in the engine under test, found the way a person finds things: by a field's
 * label, a button's or a link's name. The engines' own locators differ (WebDriver classic has
 * none by label or role), so the element is found in the page and marked for the engine's native
 * click or typing.
 */
export class Visit {
  readonly session: EngineSession;
  readonly baseURL: string;
  #marks = 0;

  constructor(session: EngineSession, baseURL: string) {
    this.session = session;
    this.baseURL = baseURL;
  }

  /** Opens a path of the site. */
  open(path: string): Promise<void> {
    return this.session.goto(new URL(path, this.baseURL).href);
  }

  /** The path of the address shown. */
  async path(): Promise<string> {
    return new URL(await this.session.url()).pathname;
  }

  /** A selector for the form control whose label starts with `label` (an error if none is on the page). */
  async field(label: string): Promise<string> {
    return this.#mark('field', label);
  }

  /** A selector for the button or link named `name` exactly (its text or aria-label), visible or not. */
  async control(name: string): Promise<string> {
    return this.#mark('control', name);
  }

  async #mark(kind: 'field' | 'control', name: string): Promise<string> {
    const mark = `m${++this.#marks}`;
    const found = await this.session.evaluate(
      (kind: string, name: string, mark: string) => {
        const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
        let element: Element | null | undefined;
        if (kind === 'field') {
          const label = [...document.querySelectorAll('label')].find((candidate) => text(candidate).startsWith(name));
          element = label?.control;
        } else {
          element = [...document.querySelectorAll('button, a, summary, [role="button"]')].find(
            (candidate) => text(candidate) === name || candidate.getAttribute('aria-label') === name,
          );
        }
        element?.setAttribute('data-smoke', mark);
        return Boolean(element);
      },
      kind,
      name,
      mark,
    );
    if (!found) throw new Error(`No ${kind} named "${name}" on ${await this.session.url()}`);
    return `[data-smoke="${mark}"]`;
  }

  async fill(label: string, text: string): Promise<void> {
    await this.session.type(await this.field(label), text);
  }

  async press(name: string): Promise<void> {
    await this.session.click(await this.control(name));
  }

  /** The text of the first element the selector finds, or null while there is none. */
  text(selector: string): Promise<string | null> {
    return this.session.evaluate(
      (selector: string) => document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? null,
      selector,
    );
  }

  /** Whether an element the selector finds is rendered, not hidden (a closed <details>' content is not). */
  visible(selector: string): Promise<boolean> {
    return this.session.evaluate(
      (selector: string) =>
        document.querySelector(selector)?.checkVisibility({ visibilityProperty: true, opacityProperty: true }) ?? false,
      selector,
    );
  }

  /** Whether every island of the page has hydrated: Astro drops an island's `ssr` attribute then. */
  hydrated(): Promise<boolean> {
    return this.session.evaluate(() => document.querySelector('astro-island[ssr]') === null);
  }
}

/**
 * The cross-browser smoke's fixtures (playwright.config.ts, projects firefox and webkit): one
 * engine session per worker, shared by the tests the worker runs, each of which starts with the
 * site's cookies and storage forgotten. A failed test leaves a screenshot of the engine's window.
 */
export const test = base.extend<{ visit: Visit }, { engine: Engine; session: EngineSession }>({
  engine: ['firefox', { option: true, scope: 'worker' }],
  session: [
    async ({ engine }, use) => {
      const session = await openSession(engine);
      await use(session);
      await session.close();
    },
    // Firefox's first start in a new profile takes a while on a busy machine.
    { scope: 'worker', timeout: 60_000 },
  ],
  visit: async ({ session, baseURL }, use, testInfo) => {
    await session.reset(baseURL!);
    await use(new Visit(session, baseURL!));
    if (testInfo.status !== testInfo.expectedStatus) {
      const screenshot = testInfo.outputPath(`${session.engine}.png`);
      await writeFile(screenshot, await session.screenshot());
      await testInfo.attach(`${session.engine}.png`, { path: screenshot, contentType: 'image/png' });
    }
  },
});

export { expect } from '@playwright/test';
