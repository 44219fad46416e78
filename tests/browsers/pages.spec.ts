import { builtPages } from '../e2e/helpers/built-pages.ts';
import { expect, test } from './fixtures.ts';

// Every public page of the build, as the quality gates list them (404.html through an unknown path).
const pages = builtPages();
const notFound = '/pagina-que-no-existe';

test('every public page loads without a console error', async ({ visit, session }) => {
  test.slow();
  const urls = pages.map((page) => new URL(page, visit.baseURL).href);
  const errors = await session.consoleErrors(urls);
  // The unknown path's own 404 is the answer it must get, not an error of the page.
  const notFoundUrl = new URL(notFound, visit.baseURL).href;
  expect(errors.filter((error) => !(error.startsWith(notFoundUrl) && / 404\b|status of 404/.test(error)))).toEqual([]);
});
