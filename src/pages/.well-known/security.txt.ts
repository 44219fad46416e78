import type { APIRoute } from 'astro';
import { site } from '../../shared/site.ts';

/** RFC 9116 asks for less than a year; a deploy writes it again. */
const VALID_DAYS = 364;

/**
 * /.well-known/security.txt (RFC 9116): where someone who finds a vulnerability reports it. The
 * address is content/site.json's `mailboxes.security`, which a production build refuses on an
 * example domain, as it refuses the other mailboxes (src/integrations/placeholders.ts). `Expires`
 * is counted from the build: a site not deployed for a year says its contact may be stale.
 */
export const GET: APIRoute = ({ site: origin }) => {
  const expires = new Date(Date.now() + VALID_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  return new Response(
    [
      `Contact: mailto:${site.mailboxes.security}`,
      `Expires: ${expires.toISOString()}`,
      'Preferred-Languages: es, en',
      `Canonical: ${new URL('/.well-known/security.txt', origin)}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
};
