import { site } from '../site.ts';

/**
 * The Spanish of the CAP messages and their Atom index (src/server/cap/), and of /cortes.geojson's
 * titles: what radios, media and aggregators relay word for word, so it is written for the public.
 */
export const capTexts = {
  feedTitle: `Alertas de ${site.name}`,
  feedSubtitle:
    'Cortes de agua y avisos sanitarios y de servicio vigentes en la Región de Aysén, en el Protocolo de Alerta Común (CAP 1.2).',
  contact: `Atención a clientes: ${site.customerPhone}`,
  notFound: 'Alerta no encontrada.',
  update: (headline: string) => `Actualización: ${headline}`,
  updateAt: (time: string, body: string) => `Actualización (${time}): ${body}`,
  supplyPoint: (name: string, address: string, hours: string) =>
    `Punto de abastecimiento: ${name}, ${address}${hours ? ` (${hours})` : ''}`,
  outage: {
    town: (name: string) => `Localidad: ${name}`,
    sectors: (sectors: string) => `Sectores: ${sectors}`,
    streets: (streets: string) => `Calles: ${streets}`,
    start: (time: string) => `Inicio: ${time}`,
    end: (time: string) => `Reposición estimada: ${time}`,
    cause: (cause: string) => `Causa: ${cause}`,
    restored: (town: string, sectors: string) => `Suministro restablecido en ${town}: ${sectors}`,
    cancelled: (town: string, sectors: string) => `Corte cancelado en ${town}: ${sectors}`,
    restoredAt: (time: string) => `El suministro fue restablecido el ${time}.`,
    cancelledAt: (time: string) => `El corte fue cancelado el ${time}: el suministro no se suspenderá.`,
    prepare: {
      programado: 'Reserve agua para beber y cocinar antes del inicio del corte.',
      emergencia: 'Use con moderación el agua que tenga reservada hasta que se reponga el suministro.',
    },
    afterRestore:
      'Al volver el suministro, deje correr el agua de una llave durante algunos minutos: es normal que al principio salga con aire o algo turbia.',
  },
  advisory: {
    title: (label: string, towns: string) => `${label} en ${towns}`,
    level: (label: string, level: number) => `${label} (nivel ${level})`,
    towns: (towns: string) => `Localidades: ${towns}`,
    sectors: (sectors: string) => `Sectores: ${sectors}`,
    since: (time: string) => `Desde: ${time}`,
    expectedEnd: (time: string) => `Término esperado: ${time}`,
    noEnd: 'Sin fecha de término: se informará cuando se levante el aviso.',
    lifted: (title: string) => `Aviso levantado: ${title}`,
    liftedAt: (time: string) => `El aviso fue levantado el ${time}.`,
  },
} as const;
