import * as z from 'zod/mini';
import { FollowUpSchema } from '../schema.ts';

/** POST /api/seguimiento's answer: the case the reference and e-mail open (FollowUpSchema). */
export const FollowUpAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ case: FollowUpSchema }),
});
