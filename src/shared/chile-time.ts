/**
 * Spec §9's date display, in Chile's time. Apart from billing.ts, which re-exports it, so a page
 * that shows dates (/seguimiento) does not ship the payment schemas with it.
 */

/** Spec §9: DD-MM-YYYY HH:mm:ss, in Chile's time. */
export function formatDateTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('es-CL', {
      timeZone: 'America/Santiago',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}
