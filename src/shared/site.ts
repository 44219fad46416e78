import * as z from 'zod/mini';
import raw from '../../content/site.json' with { type: 'json' };

/** A Chilean number as the site shows it: "+56 67 221 0000". */
const PHONE = /^\+56 \d{1,2} \d{3} \d{4}$/;

/** The utility's own details, edited in content/site.json; read by pages and by the API. */
const SiteSchema = z.object({
  name: z.string(),
  shortName: z.string(),
  /** Customer phone line shown in header and footer. */
  customerPhone: z.string().check(z.regex(PHONE)),
  /** Public contact e-mail shown in header and footer. */
  contactEmail: z.email(),
  /** Where each kind of submission is mailed, and the public addresses pages give. */
  mailboxes: z.object({
    contact: z.email(),
    /** Complaints (/reclamos). */
    complaints: z.email(),
    /** Job applications (/trabaje-con-nosotros). */
    jobs: z.email(),
    /** Motorhome registrations (/motorhome). */
    motorhome: z.email(),
    /** Projects and feasibility documents (/factibilidad, /obras). */
    projects: z.email(),
    /** Compliance channel (/compliance) and denuncias. */
    compliance: z.email(),
    /** Where visitors exercise their rights over their personal data (/privacidad, Ley 21.719). */
    privacy: z.email(),
    /** Where a vulnerability of the site is reported (/.well-known/security.txt, RFC 9116). */
    security: z.email(),
  }),
  social: z.array(z.object({ name: z.string(), url: z.url() })),
  /** External pages the site links to or embeds. */
  links: z.object({
    /** Embedded on /cortes. */
    outagesPage: z.url(),
    /** The social page with outage news (/cortes button). */
    outagesSocial: z.url(),
    /** The sanitation regulator (/marco-regulatorio). */
    regulator: z.url(),
    /** The bill payment portal (servipag option, /clientes). */
    billPaymentPortal: z.url(),
    /** The neighbourhood payment agent (/clientes, /lugares-y-medios-de-pago). */
    neighbourhoodPaymentAgent: z.url(),
  }),
  phones: z.object({
    /** Bulk water sales (/venta-de-agua-y-servicios). */
    waterSales: z.string(),
    /** Sewage truck service, a regional number. */
    sewageService: z.string(),
    /** The emergency line (leaks, breaks, no water), on the offline page (/sin-conexion). */
    emergency: z.string().check(z.regex(PHONE)),
  }),
  /** Map tiles for the Leaflet maps; any XYZ tile server. */
  mapTiles: z.object({ url: z.string().check(z.includes('{z}')), attribution: z.string() }),
});

export type Site = z.infer<typeof SiteSchema>;

export const site: Site = SiteSchema.parse(raw);

/** `tel:` link target for a displayed phone number. */
export const telHref = (phone: string): string => `tel:${phone.replace(/\s+/g, '')}`;
