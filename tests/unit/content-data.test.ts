import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const read = (file: string) => parse(readFileSync(path.resolve(import.meta.dirname, '../../content', file), 'utf8'));

describe('content data files hold what the spec fixes', () => {
  it('the home carousel has 9 banners leading to the spec pages, in order (§2 Home)', () => {
    expect(read('banners.yaml').map((banner: { href: string }) => banner.href)).toEqual([
      '/factibilidad',
      '/obras',
      '/motorhome',
      '/video',
      '/pago',
      '/comunicados',
      '/cortes',
      '/lugares-y-medios-de-pago',
      '/venta-de-agua-y-servicios',
    ]);
  });

  it('the board has 6 members (§1)', () => {
    expect(read('board.yaml')).toHaveLength(6);
  });

  it('there are 7 offices, Coyhaique first with its hours 8:45 to 17:00 (§2, §9)', () => {
    const offices = read('offices.yaml');
    expect(offices.map((office: { name: string }) => office.name)).toEqual([
      'Coyhaique',
      'Puerto Aysén',
      'Puerto Cisnes',
      'Balmaceda',
      'Puerto Ibáñez',
      'Chile Chico',
      'Cochrane',
    ]);
    expect(offices[0].hours.join(' ')).toContain('8:45 a 17:00');
  });

  it('there are 4 dumping points (§9)', () => {
    expect(read('dumping-points.yaml').map((point: { name: string }) => point.name)).toEqual([
      'Coyhaique',
      'Cochrane',
      'Puerto Cisnes',
      'Chile Chico',
    ]);
  });

  it('the development plan covers 8 localities × 5 groups (§2)', () => {
    const plans = read('development-plans.yaml');
    expect(plans).toHaveLength(8);
    for (const plan of plans) {
      expect(plan.documents.map((doc: { group: string }) => doc.group)).toEqual([
        'Anexos',
        'Cronograma Base',
        'Ficha FAT',
        'Planos',
        'Texto PD',
      ]);
    }
  });

  it('the winter carousels hold 5, 3 and 2 images (§9)', () => {
    const carousels = Object.fromEntries(
      read('carousels.yaml').map((c: { id: string; images: unknown[] }) => [c.id, c.images.length]),
    );
    expect(carousels).toEqual({ invierno: 5, medidor: 3, tuberias: 2 });
  });
});
