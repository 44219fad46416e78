import type { Denuncia } from '../shared/denuncias.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { submissionText } from './mail/mail-text.ts';
import { enqueueMail } from './mail/outbox.ts';
import { sealText } from './encryption.ts';
import { newReference } from './references.ts';
import { attachUpload } from './uploads.ts';

/**
 * Stores a denuncia with its optional attachment and mails the report to the compliance
 * mailbox, in one transaction. Nothing about the sender's connection is kept. What the reporter
 * wrote and who they are is stored sealed (encryption.ts), each value bound to its column and
 * this denuncia; the choices from lists (relation, place, type, …) stay readable, for the desk.
 */
export async function submitDenuncia(
  db: Database,
  d: Denuncia,
  attachment?: { id: string; fileName: string },
): Promise<{ reference: string }> {
  const reference = newReference('DEN');
  const lines: [string, string][] = [
    ['Relación con la empresa', [d.denunciaRelacion, d.denunciaRelacionText].filter(Boolean).join(': ')],
    ['Lugar', [d.denunciaLugar, d.denunciaLugarText].filter(Boolean).join(': ')],
    ['Tipo de denuncia', d.denunciaType],
    ['Nombre', `${d.name} ${d.lastName}`.trim()],
    ['Teléfono', d.phone],
    ['Horario de contacto', d.contactTime],
    ['Correo electrónico', d.email],
    ['Fecha de los hechos', d.denunciaDate],
    ['Desde cuándo ocurre', d.denunciaTime],
    ['Lugar de los hechos', d.denunciaPlace],
    ['Cómo se enteró', [d.denunciaKnowledge, d.denunciaKnowledgeText].filter(Boolean).join(': ')],
    ['Puede identificar a los involucrados', d.denunciaIdentification],
    ['Hay ocultamiento', d.denunciaCoverup],
    ['Informó a una autoridad', d.denunciaAuthority],
    ['Archivo adjunto', attachment?.fileName ?? ''],
  ];
  const sealed = async (column: string, value: string) => sealText(value, `denuncias.${column}:${reference}`);
  await db.batch([
    {
      text: `INSERT INTO denuncias (reference, relation, relation_other, place, place_other, type, first_name, last_name, phone,
               contact_time, email, incident_date, duration, incident_place, knowledge, knowledge_other, can_identify, cover_up,
               told_authority, narrative, attachment_upload_id, sealed)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, true)`,
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
      ],
    },
    ...(attachment ? [attachUpload(attachment.id)] : []),
    enqueueMail(
      {
        to: site.mailboxes.compliance,
        ...(d.email ? { replyTo: d.email } : {}),
        // The subject carries no detail: mail subjects are shown in notifications and lists.
        subject: `Denuncia confidencial ${reference}`,
        text: submissionText(reference, lines, ['Relato', d.denunciaText]),
      },
      reference,
      attachment?.id,
    ),
  ]);
  return { reference };
}
