import type { Config, Context } from '@netlify/functions';
import { ContactSchema } from '../../src/shared/contact.ts';
import { messages } from '../../src/shared/messages.ts';
import { submitContact } from '../../src/server/contact.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { invalidInput, json, methodNotAllowed, readJson, withErrorHandling } from '../../src/server/http.ts';

/** POST /api/contacto (spec §7): stores the message, mails the utility, answers the reference. */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readJson(req, 16_384);
  if (!body.ok) return body.response;
  const parsed = ContactSchema.safeParse(body.value);
  if (!parsed.success) return invalidInput(parsed.error);

  const { reference } = await submitContact(getDatabase(), parsed.data);
  context.waitUntil(deliverDueMail());
  return json({ success: true, message: messages.sent, data: { reference } });
});

export const config: Config = {
  path: '/api/contacto',
  rateLimit: { windowSize: 60, windowLimit: 10, aggregateBy: ['ip', 'domain'] },
};
