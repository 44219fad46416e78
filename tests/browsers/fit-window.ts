/** A browser window as WebDriver classic sees it: its outer size is set, its viewport read. */
export interface DrivenWindow {
  setOuterSize(width: number, height: number): Promise<void>;
  /** `[outerWidth, outerHeight, innerWidth, innerHeight]` as the page reads them now. */
  sizes(): Promise<[number, number, number, number]>;
}

const WAIT_MS = 10_000;
const POLL_MS = 50;

/** Reads the window's sizes until `done` holds for them, or fails after WAIT_MS saying what it saw. */
async function waitForSizes(
  window: DrivenWindow,
  done: (sizes: [number, number, number, number]) => boolean,
  what: string,
) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const sizes = await window.sizes();
    if (done(sizes)) return sizes;
    if (Date.now() > deadline) throw new Error(`${what}: the window still reads ${sizes.join(' × ')}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Gives the window a viewport of `width` × `height` CSS pixels. WebDriver sets the outer size, so
 * what the window adds around the page is measured, once the first size has taken effect, and
 * added. A window manager applies a size asynchronously, and the page may read its new outer size
 * while its viewport still reads the old one: on a busy machine a 390 px phone was measured with
 * a 1280 px viewport and the size asked next was negative. So a size counts as taken once the
 * outer size reads what was asked and the viewport has moved too (it cannot stay the same when the
 * window around it changed); each step waits for that.
 */
export async function fitWindow(window: DrivenWindow, width: number, height: number): Promise<void> {
  const [outerBefore, outerHeightBefore, innerBefore, innerHeightBefore] = await window.sizes();
  const resized = outerBefore !== width || outerHeightBefore !== height;
  await window.setOuterSize(width, height);
  const [, , innerWidth, innerHeight] = await waitForSizes(
    window,
    ([outerWidth, outerHeight, inner, innerH]) =>
      outerWidth === width &&
      outerHeight === height &&
      inner <= outerWidth &&
      innerH <= outerHeight &&
      (!resized || inner !== innerBefore || innerH !== innerHeightBefore),
    `the window's outer size ${width} × ${height}`,
  );
  if (innerWidth === width && innerHeight === height) return;
  await window.setOuterSize(2 * width - innerWidth, 2 * height - innerHeight);
  await waitForSizes(
    window,
    ([, , inner, innerH]) => inner === width && innerH === height,
    `a viewport of ${width} × ${height}`,
  );
}
