import { getImage } from 'astro:assets';
import picture from '../assets/video/corporativo.jpg';

/**
 * The picture a shared link shows (`og:image`, BaseLayout.astro): the corporate video's poster,
 * cut to the 1200 × 630 px, 1.91:1, that Facebook, WhatsApp, LinkedIn and X's large card show
 * without cropping. One for every page: a page of its own picture would need one per page.
 */
export async function shareImage() {
  const image = await getImage({ src: picture, width: 1200, height: 630, fit: 'cover', format: 'jpg', quality: 70 });
  return { ...image, alt: 'Ilustración de montañas nevadas y un bosque junto a un lago de la Patagonia.' };
}
