import { aysenFormat, partsOf } from '../time/wall-clock.ts';

/** The offline emergency pages' texts: the saved copy's note, the offline page and its list of saved pages. */
export const offlineTexts = {
  /** "Información guardada a las 14:05": the first words of a saved copy, as the issue names them. */
  savedNote: (when: string) => `Información guardada ${when}.`,
  // Served when the network failed, was too slow or the site answered an error: "no connection" would not always be true.
  savedNoteDetail:
    'No pudimos conectarnos con el sitio: le mostramos la copia guardada en este dispositivo, que puede no estar al día.',
  title: 'Sin conexión',
  description:
    'Los teléfonos de atención a clientes y de emergencias de Aguas Patagonia de Aysén, y las páginas guardadas en su dispositivo para consultarlas sin conexión.',
  intro:
    'Esta página aparece cuando no hay conexión a internet y la página que buscó no está guardada en este dispositivo. Cuando vuelva la conexión, recargue la página.',
  phonesTitle: 'Teléfonos',
  emergencyPhone: 'Emergencias',
  customerPhone: 'Atención a clientes',
  savedPagesTitle: 'Páginas guardadas en este dispositivo',
  savedPage: (when: string) => `guardada ${when}`,
  noSavedPages: 'Este dispositivo aún no tiene páginas guardadas.',
};

const savedFormat = aysenFormat('es-CL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const parts = (instant: Date) => partsOf(savedFormat, instant);

/**
 * When a copy was saved, on Aysén's clock: "a las 14:05" the same day, "el 3 de junio a las 14:05"
 * another day (and its year when that is another too), so an old copy never passes for today's.
 */
export function savedWhen(savedAt: Date, now: Date): string {
  const saved = parts(savedAt);
  const today = parts(now);
  const clock = `a las ${saved.hour}:${saved.minute}`;
  if (saved.day === today.day && saved.month === today.month && saved.year === today.year) return clock;
  const year = saved.year === today.year ? '' : ` de ${saved.year}`;
  return `el ${saved.day} de ${saved.month}${year} ${clock}`;
}
