import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ServerEducationGalleries } from '../islands/EducationGallery.tsx';
import { PUBLIC_MINUTE } from '../server/http.ts';
import { listVisibleEducationDocuments } from '../server/public-lists.ts';
import type { EducationDocument } from '../shared/education/schema.ts';
import { fillMarkers, type FilledPage } from './filled-page.ts';
import { MARKERS } from './markers.ts';

/**
 * /educacion (docs/architecture.md, "Pages filled per request"): the visible education documents in the HTML, cached a
 * minute like GET /api/education/documents, so what staff publish shows within a minute.
 */
export const educationPage: FilledPage<EducationDocument[]> = {
  path: '/educacion',
  file: fileURLToPath(new URL('../../dist/educacion.html', import.meta.url)),
  cacheControl: PUBLIC_MINUTE['Cache-Control'],
  read: (db) => listVisibleEducationDocuments(db),
  fill: (page, documents) =>
    fillMarkers(page, {
      [MARKERS.educationGalleries]: () => renderToStaticMarkup(createElement(ServerEducationGalleries, { documents })),
    }),
};
