import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ServerCompanyDocuments } from '../islands/CompanyDocuments.tsx';
import { PUBLIC_MINUTE } from '../server/http.ts';
import { listCompanyDocuments } from '../server/public-lists.ts';
import type { CompanyDocument } from '../shared/documents/schema.ts';
import { fillMarkers, type FilledPage } from './filled-page.ts';
import { MARKERS } from './markers.ts';

/**
 * /nosotros: the years of the annual reports and financial statements with a file in the HTML,
 * cached a minute like GET /api/documents, so what staff publish shows within a minute.
 */
export const companyPage: FilledPage<CompanyDocument[]> = {
  path: '/nosotros',
  file: fileURLToPath(new URL('../../dist/nosotros.html', import.meta.url)),
  cacheControl: PUBLIC_MINUTE['Cache-Control'],
  read: (db) => listCompanyDocuments(db),
  fill: (page, documents) =>
    fillMarkers(page, {
      [MARKERS.companyDocuments]: () => renderToStaticMarkup(createElement(ServerCompanyDocuments, { documents })),
    }),
};
