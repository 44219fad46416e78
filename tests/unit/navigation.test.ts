import { describe, expect, it } from 'vitest';
import navigation from '../../content/navigation.json' with { type: 'json' };

// Spec §2, public route table: every route a visitor opens on purpose. The home page is the
// brand link, /login is staff-only and the /tbk-* screens are reached only from a payment.
const specRoutes = [
  '/nosotros',
  '/cortes',
  '/contacto',
  '/reclamos',
  '/oficinas',
  '/pago',
  '/boleta',
  '/tarifas',
  '/clientes',
  '/trabaje-con-nosotros',
  '/sostenibilidad',
  '/marco-regulatorio',
  '/comunicados',
  '/lugares-y-medios-de-pago',
  '/areas-de-concesion',
  '/obras-y-proyectos',
  '/venta-de-agua-y-servicios',
  '/subsidios',
  '/formularios',
  '/apr',
  '/preguntas-frecuentes',
  '/beneficios-covid-19',
  '/video',
  '/puntodedescarga',
  '/motorhome',
  '/patagones-todos',
  '/ley-covid-21423',
  '/educacion',
  '/factibilidad',
  '/obras',
  '/horarios-fiestas-patrias',
  '/invierno',
  '/medidor',
  '/tuberias',
  '/compliance',
  '/denuncias',
];

describe('site menus (content/navigation.json)', () => {
  const hrefs = navigation.flatMap((group) => group.items.map((item) => item.href));

  it('are grouped as Empresa, Clientes, Servicios, Comunicados, Contacto', () => {
    expect(navigation.map((group) => group.label)).toEqual([
      'Empresa',
      'Clientes',
      'Servicios',
      'Comunicados',
      'Contacto',
    ]);
  });

  it.each(specRoutes)('reach %s', (route) => {
    expect(hrefs).toContain(route);
  });

  it('reach /seguimiento, where a citizen follows a case by its reference', () => {
    expect(hrefs).toContain('/seguimiento');
  });

  it('reach /indicadores, the last 12 months of outages and reclamos by town', () => {
    expect(hrefs).toContain('/indicadores');
  });

  it('list each route once', () => {
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });
});
