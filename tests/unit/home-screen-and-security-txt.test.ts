import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { APP_ICON_SIZES, appIconPath, appIconPng } from '../../src/components/app-icons.ts';
import { GET as manifestGet } from '../../src/pages/manifest.webmanifest.ts';
import { GET as securityGet } from '../../src/pages/.well-known/security.txt.ts';
import { site } from '../../src/shared/site.ts';

const origin = new URL('https://www.aguasdeaysen.cl');
type Endpoint = (context: { site: URL }) => Response | Promise<Response>;
const call = (get: unknown) => (get as Endpoint)({ site: origin });

/** RFC 9116's fields, by name, each with every value it was given. */
function fields(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z-]+): (.+)$/.exec(line);
    expect(match, `a field line: ${line}`).not.toBeNull();
    const [, name, value] = match!;
    found.set(name!.toLowerCase(), [...(found.get(name!.toLowerCase()) ?? []), value!]);
  }
  return found;
}

describe('/.well-known/security.txt', () => {
  it('gives the security mailbox, an expiry within a year, its languages and its own address', async () => {
    const response = await call(securityGet);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const found = fields(await response.text());
    expect(found.get('contact')).toEqual([`mailto:${site.mailboxes.security}`]);
    // Required, once, in the future and less than a year away (RFC 9116, 2.5.5).
    const [expires, ...more] = found.get('expires') ?? [];
    expect(more).toEqual([]);
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    const left = Date.parse(expires!) - Date.now();
    expect(left).toBeGreaterThan(300 * 86_400_000);
    expect(left).toBeLessThan(365 * 86_400_000);
    expect(found.get('preferred-languages')).toEqual(['es, en']);
    expect(found.get('canonical')).toEqual([new URL('/.well-known/security.txt', origin).href]);
  });
});

describe('the web app manifest and the home-screen icons', () => {
  it('names the site in Spanish, opens at its home and offers icons of the sizes it says', async () => {
    const response = await call(manifestGet);
    expect(response.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: site.name, short_name: site.shortName, lang: 'es-CL', start_url: '/' });
    expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of manifest.icons) {
      const size = APP_ICON_SIZES.find((candidate) => appIconPath(candidate) === icon.src);
      expect(size, icon.src).toBeDefined();
      expect(icon.sizes).toBe(`${size}x${size}`);
    }
  });

  it.each(APP_ICON_SIZES)('draws the %i px icon square and opaque, as iOS and the launchers need it', async (size) => {
    const png = await appIconPng(size);
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ width: size, height: size, format: 'png' });
    // Opaque in every corner: iOS fills a transparent one with black.
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (const [x, y] of [
      [0, 0],
      [size - 1, 0],
      [0, size - 1],
      [size - 1, size - 1],
    ] as const) {
      expect(data[(y * info.width + x) * info.channels + 3], `alpha at ${x},${y}`).toBe(255);
    }
  });
});
