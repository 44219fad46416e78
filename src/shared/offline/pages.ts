/**
 * The offline emergency pages (docs/architecture.md "Offline"): what the service worker
 * keeps on a visitor's device, where weak mobile coverage in Aysén fails exactly when outages and
 * health notices matter. The one list the worker, its build and the offline page read.
 */

/**
 * The pages kept as they were last seen, each with its name on the offline page. A page missing
 * from a build (answering 404) is simply not kept until it exists.
 */
export const SAVED_PAGES = [
  { path: '/cortes', name: 'Cortes programados' },
  { path: '/avisos', name: 'Avisos sanitarios y de servicio' },
  { path: '/oficinas', name: 'Oficinas y horarios' },
] as const satisfies readonly { path: `/${string}`; name: string }[];

/** Shown offline in place of any page not kept: the phone numbers and links to the kept pages. */
export const OFFLINE_PAGE = '/sin-conexion';

/**
 * Where the prerendered offline page leaves room for the list of saved pages, which only the
 * worker knows: each with the time it was saved, none that it does not have.
 */
export const SAVED_LIST_MARKER = '<!--sin-conexion:guardadas-->';

/** The worker's address, at the site's root so that its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';
