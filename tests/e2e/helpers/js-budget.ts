/**
 * The compressed JavaScript (gzip, in KB of 1024 bytes) each built page may load before the visitor
 * does anything: its own scripts as the browser fetched them, each compressed apart (checked by
 * quality-gates.spec.ts). Text form pages 75: they load their schema, and zod with it, once the
 * visitor starts on the form. The others: what they load today, rounded up a little, so that a
 * regression fails; for a page whose islands hydrate when scrolled into view, what it loads once
 * they are. A page with no island loads only the service worker's registration (1). Every page
 * the build makes has its row (tests/unit/codebase-rules.test.ts).
 */
export const JS_BUDGET_KB: Record<string, number> = {
  // The carousel (carousel.ts) and the dialogs: Swiper's core alone is over this (docs/performance.md).
  '/': 20,
  '/contacto': 75,
  '/reclamos': 75,
  '/boleta': 75,
  '/pago': 75,
  // The names of the 249 countries its two selects offer come in the page's HTML, not its JavaScript.
  '/motorhome': 75,
  // A form with a file, as /denuncias: the chunked upload's code, shared with it (75.0 KB).
  '/trabaje-con-nosotros': 77,
  // Its upload messages include the denuncia pool's: 77.0 KB.
  '/denuncias': 78,
  '/seguimiento': 75,
  // Its form as /seguimiento's; the reply form and file upload load with the denuncia.
  '/denuncias/seguimiento': 77,
  // The e-mail alerts' form: its towns are in the page's HTML (outages-page), as /motorhome's
  // countries are; zod comes on the first focus (73.9 KB; 85.1 when the towns were fetched).
  '/cortes/alertas': 75,
  // The two pages its mails link to: one button each.
  '/cortes/alertas/confirmar': 72,
  '/cortes/alertas/baja': 72,
  // The rights request, a text form page (its six rights' sentences come in its HTML), and the one
  // button of the page its mail links to.
  '/privacidad/derechos': 75,
  '/privacidad/derechos/confirmar': 72,
  // The page a high-consumption warning's opt-out link opens: one button, as the alerts' baja.
  '/consumo/avisos/baja': 72,
  // The page the rights export's mail links to: one button, that saves the file (71.0 KB).
  '/privacidad/derechos/descarga': 72,
  // Its form is in the built HTML; what it loads before the visitor signs in.
  // 91 since the fetch helper serves files too (see /educacion below): 90.0 KB measured; 92 since
  // the admin's calls go through the islands' fetch (src/ui/api.ts): 91.0 KB, 3 bytes over 91; 93
  // since the enrolment's recovery codes are copied and downloaded and its QR code waits for its
  // library (imported by the first enrolment shown): 92.0 KB, 8 bytes over 92.
  '/login': 93,
  '/nosotros': 84,
  // 82.0 KB; 83 since the one public fetch helper (src/ui/api.ts) also serves the rights export's
  // file answer (src/ui/api-file.ts): its shared request and failure steps cost it 52 bytes.
  '/educacion': 83,
  // Its list and item come in the HTML (news-page): React and the island, no fetch helper and no
  // zod (69.5 KB; 82.1 when it fetched /api/reports).
  '/comunicados': 70,
  // Its form is plain HTML, posted to the page itself, and the chart comes as SVG (consumption-page):
  // no island, the offline worker's registration alone.
  '/consumo': 1,
  // The receipt comes in the HTML (payments-receipt-page): only its print button's script.
  '/tbk-final': 1,
  // Leaflet and its map; 114 since every page registers the offline pages' worker (156 bytes):
  // /oficinas measured 113.1 KB, 101 bytes over 113.
  '/oficinas': 114,
  '/puntodedescarga': 114,
  // /oficinas' React and Leaflet (the map loads lazily, once the list shows outages), plus zod/mini
  // for the answer of GET /api/outages and the ¿Me afecta? form.
  '/cortes': 135,
  // The home page's content and carousel; /marco-regulatorio, opened directly, goes on to the home page.
  '/pagina-que-no-existe': 5,
  '/marco-regulatorio': 5,
  '/invierno': 5,
  '/medidor': 5,
  '/tuberias': 5,
  // The receipt code's script, without zod.
  '/compliance': 1,
  // No island: the offline worker's registration alone, 0.2 KB measured on each.
  '/accesibilidad': 1,
  '/apr': 1,
  '/areas-de-concesion': 1,
  '/avisos': 1,
  '/beneficios-covid-19': 1,
  '/clientes': 1,
  '/cortes/historial': 1,
  '/factibilidad': 1,
  '/formularios': 1,
  '/horarios-fiestas-patrias': 1,
  '/indicadores': 1,
  '/ley-covid-21423': 1,
  '/lugares-y-medios-de-pago': 1,
  '/obras': 1,
  '/obras-y-proyectos': 1,
  '/patagones-todos': 1,
  '/preguntas-frecuentes': 1,
  '/privacidad': 1,
  '/sin-conexion': 1,
  '/sostenibilidad': 1,
  '/subsidios': 1,
  '/tarifas': 1,
  '/tbk-null': 1,
  '/tbk-reject': 1,
  '/venta-de-agua-y-servicios': 1,
  '/video': 1,
};
