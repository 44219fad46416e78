/**
 * Where each page a function fills leaves room for what the database puts in it: an HTML comment
 * its .astro page writes (`<Fragment set:html={MARKERS.…} />`) and its filler (src/filled-pages/)
 * replaces. One list, so that a page and its filler cannot name two markers.
 */
export const MARKERS = {
  /** /cortes, inside the OutagesBoard island (src/pages/cortes.astro). */
  outagesList: '<!--cortes:lista-->',
  /** /cortes, after the board: each town's calendar. */
  outageCalendars: '<!--cortes:calendarios-->',
  /** /cortes/alertas, inside the OutageAlertForm island. */
  alertTowns: '<!--cortes:localidades-->',
  /** /cortes/historial. */
  outagesHistory: '<!--cortes:historial-->',
  /** /avisos. */
  currentAdvisories: '<!--avisos:vigentes-->',
  pastAdvisories: '<!--avisos:anteriores-->',
  /** /avisos/{id}, in its template (src/pages/avisos/plantilla.astro). */
  advisory: '<!--aviso:contenido-->',
  advisoryJsonLd: '<!--aviso:json-ld-->',
  /** /indicadores. */
  indicators: '<!--indicadores:cifras-->',
  /** /tbk-final/{tbkPaymentId}/{billId}: what lies between them is the page as built, "none could be loaded". */
  receiptStart: '<!--tbk-final:comprobante-->',
  receiptEnd: '<!--/tbk-final:comprobante-->',
  /** /consumo: what lies between them is the page as built, the empty form. */
  consumptionStart: '<!--consumo:resultado-->',
  consumptionEnd: '<!--/consumo:resultado-->',
  /** /educacion, inside the EducationGallery island. */
  educationGalleries: '<!--educacion:galerias-->',
  /** /nosotros, inside the CompanyDocuments island. */
  companyDocuments: '<!--nosotros:documentos-->',
  /** /comunicados, inside the NewsBrowser island. */
  news: '<!--comunicados:lista-->',
} as const;
