import type { Config, Context } from '@netlify/functions';
import { capTexts } from '../../src/shared/cap/texts.ts';
import { capAtomIndex } from '../../src/server/cap/document.ts';
import { capIssuer } from '../../src/server/cap/messages.ts';
import { capDocumentOf, currentCapMessages } from '../../src/server/cap/store.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { NotFound } from '../../src/server/errors.ts';
import {
  arrivalOf,
  immutableDocument,
  methodNotAllowed,
  publicFeed,
  withErrorHandling,
} from '../../src/server/http.ts';

// Aggregators and the maps of radios and municipalities read these from their own pages: public
// data, the same for everyone, never with credentials.
const ANYONE = { 'Access-Control-Allow-Origin': '*' };

/**
 * GET /cap/alertas.atom (the index of the current alerts) and /cap/{identifier}.xml (one CAP 1.2
 * message, kept as first served: cached as immutable, with an ETag). The sender and every link are
 * the site's address (SITE_URL, else Netlify's), never the request's host, so a message reads the
 * same whichever address it was fetched from.
 */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const db = getDatabase();
  const issuer = capIssuer(settings.siteAddress(context.site));
  const identifier = context.params['identifier'];
  if (!identifier) {
    const now = arrivalOf(req).at;
    const index = capAtomIndex(await currentCapMessages(db, issuer, now), issuer, now);
    return publicFeed(index, 'application/atom+xml; charset=utf-8', ANYONE);
  }
  const document = await capDocumentOf(db, identifier, issuer);
  if (document === undefined) throw new NotFound(capTexts.notFound);
  return immutableDocument(req, document, 'application/cap+xml; charset=utf-8', ANYONE);
});

export const config: Config = { path: ['/cap/alertas.atom', '/cap/:identifier.xml'] };
