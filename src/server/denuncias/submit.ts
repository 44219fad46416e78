import type { SubmissionAnswer } from '../../shared/api.ts';
import type { Denuncia } from '../../shared/denuncias/schema.ts';
import { site } from '../../shared/site.ts';
import type { Arrival } from '../http.ts';
import type { Database } from '../db/index.ts';
import { sealText } from '../encryption.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { newReference } from '../references.ts';
import { storeAndAttach, type ReceivedFile } from '../uploads/files.ts';
import { newReceiptCode, receiptHash } from './receipt.ts';

/** A denuncia's reference, DEN-…: Correo saliente knows the channel's mail by it (outbox/unsent.ts). */
export const DENUNCIA_REFERENCE = 'DEN';

/**
 * Stores a denuncia with its optional attachment, in one transaction with a content-free mail to
 * the compliance mailbox: it says a denuncia arrived and links to the desk, nothing
 * more, since mail is neither encrypted nor under the desk's access control. Nothing about the
 * sender's connection is kept. What the reporter wrote and who they are is stored sealed
 * (encryption.ts), each value bound to its column and this denuncia; the choices from lists
 * (relation, place, type, …) stay readable, for the desk's list. The receipt code is answered
 * once and stored only as its slow hash.
 */
export async function submitDenuncia(
  db: Database,
  d: Denuncia,
  attachment: ReceivedFile | undefined,
  arrival: Arrival,
): Promise<Required<SubmissionAnswer['data']>> {
  const reference = newReference(DENUNCIA_REFERENCE);
  const receipt = newReceiptCode();
  const sealed = async (column: string, value: string) => sealText(value, `denuncias.${column}:${reference}`);
  await db.batch([
    // The file first, stored (inline) or checked and attached: the denuncia names it.
    ...(attachment ? storeAndAttach(attachment) : []),
    {
      text: `INSERT INTO denuncias (reference, relation, relation_other, place, place_other, type, first_name, last_name, phone,
               contact_time, email, incident_date, duration, incident_place, knowledge, knowledge_other, can_identify, cover_up,
               told_authority, narrative, attachment_upload_id, sealed, receipt_hash, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, true, $22, $23, $23)`,
      params: [
        reference,
        d.denunciaRelacion,
        await sealed('relation_other', d.denunciaRelacionText),
        d.denunciaLugar,
        await sealed('place_other', d.denunciaLugarText),
        d.denunciaType,
        await sealed('first_name', d.name),
        await sealed('last_name', d.lastName),
        await sealed('phone', d.phone),
        await sealed('contact_time', d.contactTime),
        await sealed('email', d.email),
        await sealed('incident_date', d.denunciaDate),
        d.denunciaTime,
        await sealed('incident_place', d.denunciaPlace),
        d.denunciaKnowledge,
        await sealed('knowledge_other', d.denunciaKnowledgeText),
        d.denunciaIdentification,
        d.denunciaCoverup,
        d.denunciaAuthority,
        await sealed('narrative', d.denunciaText),
        attachment?.id ?? null,
        await receiptHash(receipt),
        arrival.at,
      ],
    },
    enqueueMail(newDenunciaMail(reference, arrival.origin), reference),
  ]);
  return { reference, receipt };
}

/** The compliance mailbox's notice: no content, no attachment, no reply address. */
const newDenunciaMail = (reference: string, origin: string) => ({
  to: site.mailboxes.compliance,
  subject: 'Nueva denuncia en el canal de denuncias',
  text: [
    'Se recibió una nueva denuncia en el canal de denuncias del sitio web.',
    '',
    'Por confidencialidad, este correo no incluye su contenido. Revísela en el escritorio de cumplimiento:',
    `${origin}/admin/denuncias/${reference}`,
  ].join('\n'),
});
