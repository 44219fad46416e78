import type { Context } from '@netlify/functions';
import type * as z from 'zod/mini';
import type { SubmissionAnswer } from '../shared/api.ts';
import { messages } from '../shared/messages.ts';
import { config } from './config.ts';
import { getDatabase, type Database } from './db/index.ts';
import { arrivalOf, json, methodNotAllowed, readInput, withErrorHandling, type Arrival } from './http.ts';
import { deliverDueMail } from './mail/deliver.ts';

/**
 * The function behind a JSON form (contact, complaint, motorhome, rights request): validate with the
 * form's shared schema, store through the service, mail after answering, answer the reference
 * (spec §7) and whatever else the service answers (a rights request's due date).
 */
export function jsonFormEndpoint<S extends z.ZodMiniType, Answer extends SubmissionAnswer['data']>(
  schema: S,
  submit: (db: Database, data: z.output<S>, arrival: Arrival) => Promise<Answer>,
) {
  return withErrorHandling(async (req: Request, context: Context) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    // A submission is mailed: a deploy that cannot send mail answers 503 rather than store it unsent.
    config.mail();
    const input = await readInput(req, schema, 16_384);

    const data = await submit(getDatabase(), input, arrivalOf(req));
    context.waitUntil(deliverDueMail());
    return json({ success: true, message: messages.sent, data } satisfies SubmissionAnswer & { data: Answer });
  });
}
