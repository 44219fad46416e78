import sharp from 'sharp';
import svg from '../assets/app-icon.svg?raw';

/**
 * The site's icon where a phone keeps it (the home screen, an installed app): the favicon's drop
 * on a square of the brand's blue, as PNG, made at build from src/assets/app-icon.svg
 * (src/pages/icons/[size].png.ts). iOS fills a transparent icon with black, and Android's
 * launchers cut a maskable one to their shape: the drop stays within the centre's 80 % either
 * way. Drawn at the SVG's own 512 px and scaled down, so no size is an enlargement. Rasterised
 * here rather than by astro:assets, which processes SVG only with `dangerouslyProcessSVG` for
 * every image of the site.
 */
export const APP_ICON_SIZES = [180, 192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];

export const appIconPath = (size: AppIconSize) => `/icons/${size}.png`;

export const appIconPng = (size: AppIconSize): Promise<Buffer> =>
  sharp(Buffer.from(svg)).resize(size, size).png().toBuffer();
