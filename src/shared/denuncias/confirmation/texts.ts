/**
 * After a denuncia the visitor goes to /compliance, which shows its reference and receipt code
 * once. They travel in sessionStorage, not the URL, so they stay out of the browser
 * history and server logs, and /compliance removes them as it reads them. A module without zod:
 * the /compliance page script must not bring the form's schema along.
 */
export const CONFIRMATION_KEY = 'denuncia:confirmacion';

export interface DenunciaConfirmation {
  reference: string;
  /** The 16-digit receipt code; empty if the answer carried none. */
  receipt: string;
}

export const confirmationValue = (confirmation: DenunciaConfirmation): string => JSON.stringify(confirmation);

/** The stored handoff, or undefined for anything else a tab's storage may hold under the key. */
export function readConfirmation(stored: string | null): DenunciaConfirmation | undefined {
  try {
    const value: unknown = JSON.parse(stored ?? '');
    if (typeof value !== 'object' || value === null) return undefined;
    const { reference, receipt } = value as Record<string, unknown>;
    return typeof reference === 'string' && typeof receipt === 'string' ? { reference, receipt } : undefined;
  } catch {
    return undefined;
  }
}

/** Where the reporter follows the denuncia with the receipt code. */
export const DENUNCIA_FOLLOW_UP_PATH = '/denuncias/seguimiento';
