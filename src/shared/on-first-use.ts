/**
 * A value made by its first use, then kept: for what a module would otherwise make at its top,
 * when making it costs a function's cold start. The runtime's first `Intl` formatter of a locale
 * loads that locale's data (15 ms of a function's import, docs/performance.md "Cold starts"); a
 * formatter made by a request's first use costs only the requests that write with it.
 * `tests/unit/import-cost.test.ts` keeps `new Intl…` out of the top of the modules functions import.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
