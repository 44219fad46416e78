/**
 * The receipt code of a denuncia: 16 digits, read and typed in groups of four. A
 * module without zod, so /compliance, which shows the code once, loads only this; denuncias/case/schema.ts
 * exports it too.
 */
export const RECEIPT_DIGITS = 16;
export const receiptGroups = (code: string): string => code.replace(/(\d{4})(?=\d)/g, '$1 ');
/** The digits of what a reporter typed: spaces and dashes between the groups do not count. */
export const receiptDigits = (typed: string): string => typed.replace(/[\s-]/g, '');
