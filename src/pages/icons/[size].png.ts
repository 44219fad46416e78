import type { APIRoute, GetStaticPaths } from 'astro';
import { APP_ICON_SIZES, appIconPng, type AppIconSize } from '../../components/app-icons.ts';

export const getStaticPaths = (() =>
  APP_ICON_SIZES.map((size) => ({ params: { size: String(size) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(new Uint8Array(await appIconPng(Number(params.size) as AppIconSize)), {
    headers: { 'Content-Type': 'image/png' },
  });
