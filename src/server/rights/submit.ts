import { longDate } from '../../shared/time/long-date.ts';
import type { RightsRequest, RightsRequestAnswer } from '../../shared/rights/schema.ts';
import {
  RIGHTS_CONFIRM_PATH,
  RIGHTS_LINK_DAYS,
  rightsMailTexts as texts,
  rightTypes,
} from '../../shared/rights/texts.ts';
import { site } from '../../shared/site.ts';
import { chileDate } from '../../shared/time/wall-clock.ts';
import { openCase } from '../cases/open-case.ts';
import type { Database } from '../db/index.ts';
import type { Arrival } from '../http.ts';
import { hashToken, newToken } from '../link-tokens.ts';
import { submissionText } from '../mail/mail-text.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { newReference } from '../references.ts';

/**
 * Stores a rights request (Ley 21.719) with its case in Atención ciudadana (due in 15 business
 * days from its arrival, Chile's calendar), its mail to the privacy mailbox and the requester's
 * acknowledgement, which carries the link that confirms the e-mail, in one transaction. Until that
 * link is followed (rights/confirm.ts) the desk may neither search nor send anyone's data: anyone
 * can type anyone's address into the form. Past the address's daily cap of acknowledgements
 * (mail/acknowledgements.ts) the request is stored but its link is not mailed, and the answer says
 * so (`confirmationSent`), so the page does not tell the person to look for a mail that never comes.
 */
export async function submitRightsRequest(
  db: Database,
  request: RightsRequest,
  arrival: Arrival,
): Promise<RightsRequestAnswer> {
  const reference = newReference('DER');
  const { type, name, email, rut, serviceNumber, details } = request;
  const right = rightTypes[type].label.toLowerCase();
  const token = newToken();
  const { due, statements } = openCase(
    {
      kind: 'derechos',
      reference,
      name,
      email,
      locality: '',
      confirmation: {
        subject: texts.confirmSubject(reference),
        lines: [
          texts.confirmIntro(right, longDate(chileDate(arrival.at)), reference),
          texts.confirmAsk(RIGHTS_LINK_DAYS),
          `${arrival.origin}${RIGHTS_CONFIRM_PATH}?token=${token}`,
          '',
          texts.confirmWhy,
          texts.notYou,
        ],
      },
    },
    arrival,
  );
  const results = await db.batch([
    {
      text: `INSERT INTO rights_requests (reference, type, name, email, rut, service_number, details, confirm_token_hash,
               confirm_expires_at, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz + $10 * interval '1 day', $9)`,
      params: [
        reference,
        type,
        name,
        email,
        rut,
        serviceNumber,
        details,
        hashToken(token),
        arrival.at.toISOString(),
        RIGHTS_LINK_DAYS,
      ],
    },
    enqueueMail(
      {
        to: site.mailboxes.privacy,
        replyTo: email,
        subject: `Solicitud de derechos ${reference}: ${rightTypes[type].label}, ${name}`,
        text: submissionText(
          reference,
          [
            ['Derecho', rightTypes[type].label],
            ['Nombre', name],
            ['Correo electrónico (por confirmar)', email],
            ['RUT', rut],
            ['Número de servicio', serviceNumber],
            ['Plazo de respuesta', due ? longDate(due) : ''],
          ],
          ['Solicitud', details],
        ),
      },
      reference,
    ),
    // Last: the acknowledgement, which carries the confirmation link (cases/open-case.ts).
    ...statements,
  ]);
  return { reference, dueDate: due!, confirmationSent: results.at(-1)!.length > 0 };
}
