/**
 * What a text message to the utility's number asks, read as people write it: any case, with or
 * without accents, punctuation or extra spaces. `CORTES <LOCALIDAD>` subscribes the phone to a
 * town, `BAJA` stops every alert to it, `AYUDA` answers what the number does, and `SIGO SIN AGUA`
 * after a restoration tells staff the water has not come back.
 */

export type InboundRequest =
  | { kind: 'subscribe'; town: string }
  | { kind: 'stop' }
  | { kind: 'help' }
  | { kind: 'still-without-water' }
  | { kind: 'unknown' };

/** Upper case, no accents (Ñ is read as N, as people text it), words of letters and digits, one space between them. */
export const plainWords = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();

const STOP = new Set(['BAJA', 'DE BAJA', 'DAR DE BAJA', 'STOP', 'PARAR', 'CANCELAR', 'NO MAS', 'SALIR']);
const HELP = new Set(['AYUDA', 'HELP', 'INFO', 'INFORMACION']);
/** "Still without water", however it is put: sigo, aún, todavía, continúo, seguimos… sin agua; no tengo agua. */
const STILL_WITHOUT_WATER =
  /^(?:(?:SIGO|SEGUIMOS|SIGUE|AUN|TODAVIA|CONTINUO|CONTINUAMOS|ESTAMOS|ESTOY) )*SIN AGUA$|^NO (?:TENGO|TENEMOS|HAY|LLEGA|LLEGO|VOLVIO) (?:EL )?AGUA$/;

export function inboundRequest(body: string): InboundRequest {
  const text = plainWords(body);
  if (STOP.has(text)) return { kind: 'stop' };
  if (HELP.has(text)) return { kind: 'help' };
  if (STILL_WITHOUT_WATER.test(text)) return { kind: 'still-without-water' };
  const subscribe = /^(?:CORTES?|ALERTAS?|AVISOS?) (.+)$/.exec(text);
  if (subscribe) return { kind: 'subscribe', town: subscribe[1]! };
  return { kind: 'unknown' };
}
