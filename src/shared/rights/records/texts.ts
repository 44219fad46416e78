/**
 * Where the site keeps a person's data, as the rights desk searches, exports, erases and rectifies
 * it (src/server/rights/). Never the denuncias: a rights request must not reveal or link a
 * confidential report, which the compliance desk answers separately (/privacidad).
 */
export const recordSources = {
  contact_messages: 'Mensajes de contacto',
  complaints: 'Reclamos',
  cases: 'Casos de Atención ciudadana',
  job_applications: 'Postulaciones',
  motorhome_registrations: 'Registros de motorhome',
  outage_subscriptions: 'Suscripciones a avisos de cortes',
  bills: 'Boletas y pagos en línea',
  tbk_payments: 'Registros de pago con tarjeta',
  accounts: 'Cuentas de servicio',
  consumption_periods: 'Lecturas y consumo',
  consumption_warnings: 'Avisos de consumo alto',
  rights_requests: 'Solicitudes de derechos',
} as const;
export type RecordSource = keyof typeof recordSources;
export const recordSourceKeys = Object.keys(recordSources) as [RecordSource, ...RecordSource[]];
