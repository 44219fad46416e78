import type { Config } from '@netlify/functions';
import {
  denunciaFollowUpMessages as texts,
  NoticeChoiceSchema,
  ReceiptQuerySchema,
  ReporterMessageSchema,
  type DenunciaFollowUpAnswer,
} from '../../src/shared/denuncias/follow-up/schema.ts';
import { INLINE_LIMIT } from '../../src/shared/uploads/schema.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import {
  addReporterMessage,
  chooseNotice,
  followUpView,
  openByReceipt,
  type OpenedDenuncia,
} from '../../src/server/denuncias/follow-up.ts';
import { arrivalOf, json, parseInput, readInput } from '../../src/server/http.ts';
import { publicRoutes } from '../../src/server/route-table.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { parseMultipart } from '../../src/server/uploads/multipart.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';

/**
 * /denuncias/seguimiento's API, POST only so the receipt code never sits in a URL:
 * /api/denuncias/seguimiento opens a denuncia by its code; …/mensajes (multipart) adds the
 * reporter's message, with an optional file; …/aviso sets the "new message" notice. Each answers
 * the denuncia as it is then, never cached (json() says no-store); nothing about the connection
 * is stored but the keyed hash of a client whose code failed.
 */
export default publicRoutes({
  '/api/denuncias/seguimiento': {
    POST: async ({ req, context }) => {
      const { receipt } = await readInput(req, ReceiptQuerySchema, 2_048);
      return answer(await openByReceipt(getDatabase(), receipt, context.ip));
    },
  },
  '/api/denuncias/seguimiento/mensajes': {
    POST: async ({ req, context }) => {
      // The message is mailed about: a deploy that cannot send mail refuses it rather than keep it unseen.
      settings.mail();
      const form = await parseMultipart(req, { maxFileBytes: INLINE_LIMIT });
      const { receipt, body } = parseInput(ReporterMessageSchema, form.fields);
      const opened = await addReporterMessage(getDatabase(), uploadStore(), {
        receipt,
        body,
        form,
        address: context.ip,
        origin: arrivalOf(req).origin,
      });
      context.waitUntil(deliverDueMail());
      return answer(opened, texts.sent);
    },
  },
  '/api/denuncias/seguimiento/aviso': {
    POST: async ({ req, context }) => {
      const { receipt, notify } = await readInput(req, NoticeChoiceSchema, 2_048);
      const opened = await chooseNotice(getDatabase(), { receipt, notify, address: context.ip });
      return answer(opened, notify ? texts.noticeOn : texts.noticeOff);
    },
  },
});

const answer = (opened: OpenedDenuncia, message?: string) =>
  json({
    success: true,
    ...(message ? { message } : {}),
    data: { denuncia: followUpView(opened) },
  } satisfies DenunciaFollowUpAnswer);

export const config: Config = {
  path: ['/api/denuncias/seguimiento', '/api/denuncias/seguimiento/mensajes', '/api/denuncias/seguimiento/aviso'],
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};
