import { z } from 'zod';
import raw from '../../content/site.json' with { type: 'json' };

/** The utility's own details, edited in content/site.json; read by pages and by the API. */
const SiteSchema = z.object({
  name: z.string(),
  shortName: z.string(),
  /** Customer phone line shown in header and footer. */
  customerPhone: z.string().regex(/^\+56 \d{1,2} \d{3} \d{4}$/),
  /** Public contact e-mail shown in header and footer. */
  contactEmail: z.email(),
  /** Where each kind of submission is mailed. */
  mailboxes: z.object({ contact: z.email() }),
  social: z.array(z.object({ name: z.string(), url: z.url() })),
});

export type Site = z.infer<typeof SiteSchema>;

export const site: Site = SiteSchema.parse(raw);

/** `tel:` link target for a displayed phone number. */
export const telHref = (phone: string): string => `tel:${phone.replace(/\s+/g, '')}`;
