import { describe, expect, it } from 'vitest';
import { fitWindow, type DrivenWindow } from '../browsers/fit-window.ts';

/**
 * A window as WebKitGTK's driver behaves under load: a size asked is applied only after the page
 * has read its old size `lag` times, its viewport follows `innerLag` reads later, the window adds
 * 22 px of title bar, and a width or height below 1 is refused as WebDriver refuses it.
 */
function slowWindow(lag: number, innerLag = 0, start: [number, number] = [1280, 922]) {
  let outer = start;
  let inner: [number, number] = [start[0], start[1] - 22];
  let pending: { size: [number, number]; reads: number } | undefined;
  let pendingInner: { size: [number, number]; reads: number } | undefined;
  const asked: [number, number][] = [];
  const window: DrivenWindow = {
    setOuterSize: async (width, height) => {
      if (width < 1 || height < 1) throw new Error('InvalidArgumentError: Invalid width value');
      asked.push([width, height]);
      pending = { size: [width, height], reads: lag };
    },
    sizes: async () => {
      if (pendingInner && pendingInner.reads-- <= 0) [inner, pendingInner] = [pendingInner.size, undefined];
      if (pending && pending.reads-- <= 0) {
        outer = pending.size;
        pending = undefined;
        const viewport: [number, number] = [outer[0], outer[1] - 22];
        if (innerLag === 0) inner = viewport;
        else pendingInner = { size: viewport, reads: innerLag - 1 };
      }
      return [...outer, ...inner];
    },
  };
  return { window, asked };
}

/** The window fitted to a 390 × 844 viewport, asking once more with the 22 px it adds around the page. */
async function expectFittedAfterOneCorrection({ window, asked }: ReturnType<typeof slowWindow>) {
  await fitWindow(window, 390, 844);
  expect((await window.sizes()).slice(2)).toEqual([390, 844]);
  expect(asked).toEqual([
    [390, 844],
    [390, 866],
  ]);
}

describe('fitWindow', () => {
  it.each([0, 1, 5])('gives a 390 × 844 viewport when a size takes effect after %i reads', async (lag) => {
    await expectFittedAfterOneCorrection(slowWindow(lag));
  });

  it.each([1, 3])(
    'waits for the viewport when it reads its new size %i reads after the outer one',
    async (innerLag) => {
      await expectFittedAfterOneCorrection(slowWindow(2, innerLag));
    },
  );

  it('asks once when the window adds nothing around the page', async () => {
    const asked: [number, number][] = [];
    let size: [number, number] = [1280, 900];
    await fitWindow(
      {
        setOuterSize: async (width, height) => void asked.push((size = [width, height])),
        sizes: async () => [...size, ...size],
      },
      390,
      844,
    );
    expect(asked).toEqual([[390, 844]]);
  });
});
