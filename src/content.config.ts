import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import * as z from 'zod/mini';
import { PlaceSchema } from './shared/places/schema.ts';

/** Place in a list: the data store keeps entries by id, so a list's order is explicit. */
const order = z.number().check(z.int(), z.positive());

// The map lists' entries are the islands' places; the id comes from the data store.
const place = z.extend(z.omit(PlaceSchema, { id: true }), { order });

/** Site menus (header and footer). `href` is an internal route of spec §2. */
const navigation = defineCollection({
  loader: file('content/navigation.json'),
  schema: z.object({
    order,
    label: z.string(),
    items: z.array(z.object({ label: z.string(), href: z.string().check(z.startsWith('/')) })).check(z.minLength(1)),
  }),
});

/** Informational pages written as MDX; each is served at /<file name>. */
const pages = defineCollection({
  loader: glob({ pattern: '*.mdx', base: 'content/pages' }),
  schema: z.object({
    title: z.string(),
    description: z.string().check(z.maxLength(160)),
  }),
});

/** The home carousel (spec §2 Home, §9): 9 banners, each leading to a page. */
const banners = defineCollection({
  loader: file('content/banners.yaml'),
  schema: ({ image }) =>
    z.object({
      title: z.string(),
      text: z.string(),
      href: z.string().check(z.startsWith('/')),
      button: z.string(),
      image: image(),
      alt: z.string().check(z.minLength(10)),
    }),
});

/** The board (spec §1: 6 members; §2 #directorio). */
const board = defineCollection({
  loader: file('content/board.yaml'),
  schema: z.object({
    order,
    role: z.string(),
    name: z.string(),
    profession: z.string(),
    rut: z.string().check(z.regex(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/)),
  }),
});

/** Offices and hours (spec §2 /oficinas: 7 offices, Coyhaique first and selected). */
const offices = defineCollection({
  loader: file('content/offices.yaml'),
  schema: z.extend(place, { hours: z.array(z.string()).check(z.minLength(1)) }),
});

/** Motorhome dumping points (spec §9: Coyhaique, Cochrane, Puerto Cisnes, Chile Chico). */
const dumpingPoints = defineCollection({
  loader: file('content/dumping-points.yaml'),
  schema: place,
});

/** Development plan documents per locality (spec §2 #plan-de-desarrollo). */
const developmentPlans = defineCollection({
  loader: file('content/development-plans.yaml'),
  schema: z.object({
    name: z.string(),
    documents: z.array(
      z.object({
        group: z.enum(['Anexos', 'Cronograma Base', 'Ficha FAT', 'Planos', 'Texto PD']),
        title: z.string(),
        url: z.string().check(z.startsWith('/documentos/')),
      }),
    ),
  }),
});

/** The 11 fixed news items of /comunicados (spec §2); the file name is the item's key. */
const news = defineCollection({
  loader: glob({ pattern: '*.md', base: 'content/news' }),
  schema: z.object({
    title: z.string(),
    /** The sidebar label. */
    shortTitle: z.string(),
    /** Place in the sidebar. */
    order: z.number().check(z.int()),
  }),
});

/** The home page's customer-information boxes (spec §2 Home). */
const customerLinks = defineCollection({
  loader: file('content/customer-links.yaml'),
  schema: z.object({ order, title: z.string(), text: z.string(), href: z.string().check(z.startsWith('/')) }),
});

/** The winter carousels (spec §9: 5 images on /invierno, 3 on /medidor, 2 on /tuberias). */
const carousels = defineCollection({
  loader: file('content/carousels.yaml'),
  schema: ({ image }) =>
    z.object({
      label: z.string(),
      images: z.array(z.object({ src: image(), alt: z.string().check(z.minLength(10)) })).check(z.minLength(2)),
    }),
});

/** Frequently asked questions (spec §2: 13 items); the body is the answer. */
const faq = defineCollection({
  loader: glob({ pattern: '*.md', base: 'content/faq' }),
  schema: z.object({ question: z.string(), order: z.number().check(z.int()) }),
});

/** Blocks of copy that pages with islands place between their interactive parts. */
const sections = defineCollection({
  loader: glob({ pattern: '*.mdx', base: 'content/sections' }),
  schema: z.object({ title: z.string() }),
});

export const collections = {
  navigation,
  pages,
  banners,
  board,
  offices,
  dumpingPoints,
  developmentPlans,
  news,
  sections,
  customerLinks,
  carousels,
  faq,
};
