import * as z from 'zod/mini';
import raw from '../../content/site.json' with { type: 'json' };

/**
 * The web-analytics service of spec §7 (content/site.json `analytics`; absent: no analytics).
 * Services that take one script tag fit: Plausible (`data-domain`), Umami (`data-website-id`),
 * and any other that sends its beacons to the host it is served from.
 */
export const AnalyticsSchema = z.object({
  /** The service's script; its origin is the one host the CSP opens (docs/security.md, "Web analytics"). */
  script: z.url({ protocol: /^https$/, error: 'analytics.script must be an https:// address' }),
  /** Attributes the service reads from its script tag; only data-* ones, never an event handler. */
  attributes: z._default(z.record(z.string().check(z.regex(/^data-[a-z][a-z0-9-]*$/)), z.string()), {}),
});

export type Analytics = z.infer<typeof AnalyticsSchema>;

/**
 * The setting, validated when the site is built. Read apart from site.ts's SiteSchema: islands
 * bundle site.ts, and the browser has no use for this schema.
 */
export const analytics: Analytics | undefined = z
  .object({ analytics: z.optional(AnalyticsSchema) })
  .parse(raw).analytics;

/** The host the Content-Security-Policy must allow in script-src and connect-src. */
export const analyticsOrigin = (settings: Analytics): string => new URL(settings.script).origin;
