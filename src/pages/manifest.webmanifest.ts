import type { APIRoute } from 'astro';
import { appIconPath } from '../components/app-icons.ts';
import { site } from '../shared/site.ts';

/**
 * The web app manifest (W3C Web Application Manifest): what a phone shows when a visitor adds the
 * site to the home screen, with the build's icons (app-icons.ts).
 */
export const GET: APIRoute = () => {
  const manifest = {
    name: site.name,
    short_name: site.shortName,
    lang: 'es-CL',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0b4f7c',
    icons: [
      { src: appIconPath(192), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: appIconPath(512), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: appIconPath(512), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(`${JSON.stringify(manifest, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' },
  });
};
