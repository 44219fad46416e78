/**
 * After a denuncia the visitor goes to /compliance, which shows its reference once. It travels
 * in sessionStorage, not the URL, so it stays out of the browser history and server logs. A
 * module of its own: the /compliance page script must not bring the form's schema along.
 */
export const CONFIRMATION_KEY = 'denuncia:confirmacion';
