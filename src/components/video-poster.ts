import { getImage } from 'astro:assets';
import poster from '../assets/video/corporativo.jpg';

/**
 * The corporate video's poster (/video and the home page's dialog) as WebP: 13 KB at its 1280 px
 * where the JPEG was 39 KB. On /video it is fetched at high priority beside the page's text, and on
 * a rural line (700 kbps, the Lighthouse rural profile) its 39 KB alone took half a second. A poster has one address,
 * no srcset.
 */
export const videoPoster = () => getImage({ src: poster, format: 'webp', quality: 60 });
