import * as z from 'zod/mini';

/**
 * What a corte's or an aviso's alerts are, for staff (its admin page): before publishing, how many
 * confirmed subscribers of its towns each channel reaches; afterwards, for each notice (published,
 * changed, closed or lifted), its messages by channel: waiting (queued, or held by the quiet
 * hours), taken by the provider, delivered to the phone (only a phone's provider tells), failed.
 */
export const AlertCountsSchema = z.object({
  queued: z.number(),
  sent: z.number(),
  delivered: z.number(),
  failed: z.number(),
});
export type AlertCounts = z.infer<typeof AlertCountsSchema>;

export const NoticeAlertsSchema = z.object({
  /** Confirmed subscribers of its towns by channel (`email`, `sms`, `whatsapp`, `voz`). */
  audience: z.record(z.string(), z.number()),
  /** Newest first. */
  notices: z.array(
    z.object({
      kind: z.string(),
      createdAt: z.string(),
      channels: z.record(z.string(), AlertCountsSchema),
    }),
  ),
});
export type NoticeAlerts = z.infer<typeof NoticeAlertsSchema>;

/** What each kind of notice told its subscribers. */
export const noticeKindLabels: Record<string, string> = {
  published: 'Publicación',
  update: 'Novedad',
  closed: 'Cierre',
  lifted: 'Levantamiento',
};
