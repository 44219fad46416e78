import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import {
  analyticsCsp,
  analyticsCspProblems,
  netlifyPolicy,
  policyAllowing,
} from '../../src/integrations/analytics-csp.ts';
import { AnalyticsSchema, type Analytics } from '../../src/shared/analytics.ts';

const toml = await readFile(path.resolve(import.meta.dirname, '../../netlify.toml'), 'utf8');
const policy = netlifyPolicy(toml)!;
const plausible = AnalyticsSchema.parse({
  script: 'https://plausible.io/js/script.js',
  attributes: { 'data-domain': 'www.example.com' },
});

describe('the analytics setting of content/site.json', () => {
  it('takes an https script and data-* attributes', () => {
    expect(AnalyticsSchema.parse({ script: 'https://cloud.umami.is/script.js' })).toEqual({
      script: 'https://cloud.umami.is/script.js',
      attributes: {},
    });
  });

  it.each([
    ['an http script', { script: 'http://plausible.io/js/script.js' }],
    ['a javascript: address', { script: 'javascript:alert(1)' }],
    ['no address', { script: 'plausible.io/js/script.js' }],
    ['an event handler attribute', { script: 'https://plausible.io/js/script.js', attributes: { onload: 'x()' } }],
    ['a src attribute', { script: 'https://plausible.io/js/script.js', attributes: { src: 'https://evil.example' } }],
  ])('refuses %s', (_, value) => {
    expect(AnalyticsSchema.safeParse(value).success).toBe(false);
  });
});

describe("netlify.toml's Content-Security-Policy and the analytics host", () => {
  it('allows no analytics host while none is configured', () => {
    expect(analyticsCspProblems(policy, undefined)).toEqual([]);
  });

  it('must name the configured host in script-src and connect-src', () => {
    expect(analyticsCspProblems(policy, plausible)).toEqual([
      'script-src allows no host; it must allow https://plausible.io',
      'connect-src allows no host; it must allow https://plausible.io',
    ]);
  });

  it('is rewritten with that host and no other, the rest of the policy untouched', () => {
    const allowing = policyAllowing(policy, plausible);
    expect(analyticsCspProblems(allowing, plausible)).toEqual([]);
    expect(allowing).toMatch(/script-src 'self'( 'sha256-[^']+')+ https:\/\/plausible\.io;/);
    expect(allowing).toContain("connect-src 'self' https://plausible.io;");
    expect(allowing.replaceAll(' https://plausible.io', '')).toBe(policy);
    expect(policyAllowing(allowing, undefined)).toBe(policy);
  });

  it('must not allow another host beside it', () => {
    const wider = policyAllowing(policy, plausible).replace('connect-src', 'connect-src https://evil.example');
    expect(analyticsCspProblems(wider, plausible)).toEqual([
      'connect-src allows https://evil.example https://plausible.io; it must allow https://plausible.io',
    ]);
  });

  it('must not keep a host once analytics is turned off', () => {
    expect(analyticsCspProblems(policyAllowing(policy, plausible), undefined)).toEqual([
      'script-src allows https://plausible.io; it must allow none',
      'connect-src allows https://plausible.io; it must allow none',
    ]);
  });

  it('must state both directives', () => {
    expect(analyticsCspProblems("default-src 'self'; script-src 'self'", undefined)).toEqual([
      'connect-src is missing',
    ]);
  });
});

describe('the build check (astro:config:setup)', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  const setUpWith = async (netlifyToml: string, analytics: Analytics | undefined) => {
    const root = await mkdtemp(path.join(tmpdir(), 'analytics-csp-'));
    dirs.push(root);
    await writeFile(path.join(root, 'netlify.toml'), netlifyToml);
    const hook = analyticsCsp(analytics).hooks['astro:config:setup']!;
    return hook({ config: { root: pathToFileURL(`${root}/`) } } as Parameters<
      NonNullable<AstroIntegration['hooks']['astro:config:setup']>
    >[0]);
  };

  it('passes while netlify.toml allows exactly the configured host, or none when none is', async () => {
    await expect(
      setUpWith(toml.replace(policy, policyAllowing(policy, plausible)), plausible),
    ).resolves.toBeUndefined();
    await expect(setUpWith(toml, undefined)).resolves.toBeUndefined();
  });

  it('fails, printing the policy to write, while netlify.toml does not allow the configured host', async () => {
    await expect(setUpWith(toml, plausible)).rejects.toThrow(
      [
        "netlify.toml's Content-Security-Policy does not match the web analytics of content/site.json:",
        '  - script-src allows no host; it must allow https://plausible.io',
        '  - connect-src allows no host; it must allow https://plausible.io',
        'Write it as:',
        `    Content-Security-Policy = "${policyAllowing(policy, plausible)}"`,
      ].join('\n'),
    );
  });

  it('fails while netlify.toml still allows a host once analytics is turned off', async () => {
    await expect(setUpWith(toml.replace(policy, policyAllowing(policy, plausible)), undefined)).rejects.toThrow(
      'script-src allows https://plausible.io; it must allow none',
    );
  });

  it('fails when netlify.toml sends no policy', async () => {
    await expect(setUpWith('[build]\n  publish = "dist"\n', undefined)).rejects.toThrow(
      'sends no Content-Security-Policy',
    );
  });
});
