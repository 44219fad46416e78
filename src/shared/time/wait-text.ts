/**
 * A wait as a throttle's message says it (Retry-After carries the exact seconds): seconds under a
 * minute, whole minutes rounded up above it, so the visitor never comes back too early.
 */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? '1 segundo' : `${whole} segundos`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}
