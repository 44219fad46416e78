// The behaviour of OutagesBand.astro, run by the home page's script (src/pages/index.astro).
import { spanishList } from '../shared/spanish-list.ts';

// No zod here (its weight is most of the budget): only what the band names is read, and a
// broken answer counts as an empty list, so it never shows a wrong band.
async function listOf(path: string, key: string): Promise<Record<string, unknown>[]> {
  try {
    const response = await fetch(path, { headers: { Accept: 'application/json' } });
    if (!response.ok) return [];
    const list = ((await response.json()) as Record<string, unknown>)[key];
    return Array.isArray(list) ? list.filter((item) => typeof item === 'object' && item !== null) : [];
  } catch {
    return [];
  }
}

const names = (values: unknown[]) =>
  spanishList([...new Set(values)].filter((name): name is string => typeof name === 'string'));

function showAdvisory(advisoryBand: HTMLElement, advisory: Record<string, unknown>, inForce: number) {
  const healthKinds = advisoryBand.dataset.health!.split(' ');
  const headings = JSON.parse(advisoryBand.dataset.headings!) as Record<string, string>;
  const level = advisory.restrictionLevel ? `-${advisory.restrictionLevel}` : '';
  const heading = headings[`${advisory.kind}${level}`];
  const towns = Array.isArray(advisory.towns) ? advisory.towns.map((town) => town?.name) : [];
  if (!heading || typeof advisory.id !== 'string') return false;
  advisoryBand.classList.toggle('outages-band--health', healthKinds.includes(advisory.kind as string));
  advisoryBand.querySelector('[data-heading]')!.textContent = heading;
  advisoryBand.querySelector('[data-towns]')!.textContent = `en ${names(towns)}. `;
  // One notice: its own page; several: the list of them.
  const link = advisoryBand.querySelector<HTMLAnchorElement>('a')!;
  if (inForce === 1) {
    link.href = `/avisos/${encodeURIComponent(advisory.id)}`;
    link.textContent = link.dataset.one!;
  }
  advisoryBand.hidden = false;
  return true;
}

function showOutages(outagesBand: HTMLElement, outages: Record<string, unknown>[]) {
  const towns = names(outages.map((outage) => outage.townName));
  if (!towns) return false;
  outagesBand.querySelector('[data-towns]')!.textContent = `en ${towns}. `;
  outagesBand.hidden = false;
  return true;
}

/**
 * The band of OutagesBand.astro, called by the home page's script (src/pages/index.astro) once the
 * first banner has painted (first-banner-painted.ts). The notices come health ones first (GET
 * /api/advisories), so the first is the one to name.
 */
export async function showOutagesBand() {
  const outagesBand = document.querySelector<HTMLElement>('[data-island="outages-band"]')!;
  const advisoryBand = document.querySelector<HTMLElement>('[data-advisory-band]')!;
  const healthKinds = advisoryBand.dataset.health!.split(' ');
  const [advisories, outages] = await Promise.all([
    listOf('/api/advisories', 'advisories'),
    listOf('/api/outages', 'outages'),
  ]);
  const [first] = advisories;
  if (first && healthKinds.includes(first.kind as string) && showAdvisory(advisoryBand, first, advisories.length))
    return;
  if (showOutages(outagesBand, outages)) return;
  if (first) showAdvisory(advisoryBand, first, advisories.length);
}
