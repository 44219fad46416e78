import { readFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { parse } from 'smol-toml';
import * as z from 'zod/mini';
import { analyticsOrigin, type Analytics } from '../shared/analytics.ts';

/*
 * The web-analytics host (content/site.json `analytics`) must be allowed by both CSPs of a page:
 * the <meta> Astro writes (AnalyticsLoader.astro adds the host per page) and netlify.toml's header.
 * The header is checked, not generated: Netlify reads netlify.toml itself, apart from any build
 * code, and for the same path and header it overrides a `_headers` file the build could write, so
 * generating the header would mean taking the CSP out of netlify.toml, and a deploy where that step
 * did not run would have none. Checked, the reviewed file stays the policy served in production and
 * by `npm start`, opening the CSP to a third party stays a deliberate edit, and the two can never
 * disagree: the build fails and prints the line to write.
 */

/** The directives the analytics script needs: to load, and to send its beacons. */
const DIRECTIVES = ['script-src', 'connect-src'] as const;

const NetlifyConfigSchema = z.object({
  headers: z._default(z.array(z.object({ for: z.string(), values: z.record(z.string(), z.string()) })), []),
});

/** The Content-Security-Policy netlify.toml sends with every page (`for = "/*"`). */
export function netlifyPolicy(toml: string): string | undefined {
  const { headers } = NetlifyConfigSchema.parse(parse(toml));
  return headers.find((rule) => rule.for === '/*')?.values['Content-Security-Policy'];
}

/** A policy's directives, each as its name followed by its sources. */
export const directivesOf = (policy: string): string[][] =>
  policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter(([name]) => name);

/** Hosts and schemes; quoted sources ('self', 'unsafe-inline', hashes) are the site's own. */
const isHostSource = (source: string): boolean => !source.startsWith("'");

/** The policy as netlify.toml must state it: the analytics host, and no other, in DIRECTIVES. */
export function policyAllowing(policy: string, analytics: Analytics | undefined): string {
  const hosts = analytics ? [analyticsOrigin(analytics)] : [];
  return directivesOf(policy)
    .map(([name, ...sources]) =>
      (DIRECTIVES as readonly string[]).includes(name!)
        ? [name, ...sources.filter((source) => !isHostSource(source)), ...hosts]
        : [name, ...sources],
    )
    .map((directive) => directive.join(' '))
    .join('; ');
}

/** What keeps the policy from allowing exactly the configured analytics host; empty when it does. */
export function analyticsCspProblems(policy: string, analytics: Analytics | undefined): string[] {
  const expected = analytics ? [analyticsOrigin(analytics)] : [];
  const directives = new Map(directivesOf(policy).map(([name, ...sources]) => [name!, sources]));
  return DIRECTIVES.flatMap((name) => {
    const sources = directives.get(name);
    if (!sources) return [`${name} is missing`];
    const hosts = sources.filter(isHostSource);
    const same = hosts.length === expected.length && hosts.every((host) => expected.includes(host));
    return same
      ? []
      : [`${name} allows ${hosts.join(' ') || 'no host'}; it must allow ${expected.join(' ') || 'none'}`];
  });
}

/** Fails the build (and `astro dev`) while netlify.toml and content/site.json disagree. */
export function analyticsCsp(analytics: Analytics | undefined): AstroIntegration {
  return {
    name: 'analytics-csp',
    hooks: {
      'astro:config:setup': async ({ config }) => {
        const policy = netlifyPolicy(await readFile(new URL('netlify.toml', config.root), 'utf8'));
        if (!policy) throw new Error('netlify.toml sends no Content-Security-Policy for "/*".');
        const problems = analyticsCspProblems(policy, analytics);
        if (problems.length === 0) return;
        throw new Error(
          [
            "netlify.toml's Content-Security-Policy does not match the web analytics of content/site.json:",
            ...problems.map((problem) => `  - ${problem}`),
            'Write it as:',
            `    Content-Security-Policy = "${policyAllowing(policy, analytics)}"`,
          ].join('\n'),
        );
      },
    },
  };
}
