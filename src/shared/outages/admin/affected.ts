/**
 * afectados.csv, staff's export of a restored outage (GET /api/admin/outages/{id}/afectados.csv,
 * docs/reference/admin-api.md): every account of the outage's town with its days without supply, for the
 * billing system to credit. Its address, its file's name and its refusals, for the function and
 * the detail screen.
 */

export const affectedPath = (id: string) => `/api/admin/outages/${encodeURIComponent(id)}/afectados.csv`;

export const affectedFileName = (id: string) => `afectados-corte-${id}.csv`;

export const affectedMessages = {
  notRestored: 'Solo se pueden exportar los afectados de un corte restablecido.',
  noRealTimes:
    'Registre primero las horas reales del corte (cuándo se cortó y cuándo volvió el agua): sin ellas no se pueden contar los días sin suministro.',
} as const;
