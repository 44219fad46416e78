import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Site menus (header and footer). `href` is an internal route of spec §2. */
const navigation = defineCollection({
  loader: file('content/navigation.json'),
  schema: z.object({
    label: z.string(),
    items: z.array(z.object({ label: z.string(), href: z.string().startsWith('/') })).min(1),
  }),
});

/** Informational pages written as MDX. */
const pages = defineCollection({
  loader: glob({ pattern: '*.mdx', base: 'content/pages' }),
  schema: z.object({
    title: z.string(),
    description: z.string().max(160),
  }),
});

export const collections = { navigation, pages };
