import * as z from 'zod/mini';

/** GET /api/health: the site's functions answer; with `?db=1`, the database answered too. */
export const HealthResponseSchema = z.object({ ok: z.literal(true), database: z.optional(z.literal(true)) });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const healthMessages = {
  databaseDown: 'La base de datos no responde. El sitio no puede atender consultas ni formularios por ahora.',
} as const;
