import type { Complaint } from '../shared/complaints.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { submissionText } from './mail/mail-text.ts';
import { enqueueMail } from './mail/outbox.ts';
import { newReference } from './references.ts';

/** Stores a complaint and its mail to the complaints mailbox in one transaction. */
export async function submitComplaint(db: Database, complaint: Complaint): Promise<{ reference: string }> {
  const reference = newReference('REC');
  const { name, surname, email, phone, address, city, clientNumber, complaintDetails } = complaint;
  await db.batch([
    {
      text: `INSERT INTO complaints (reference, name, surname, email, phone, address, city, client_number, complaint_details)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      params: [reference, name, surname, email, phone, address, city, clientNumber, complaintDetails],
    },
    enqueueMail(
      {
        to: site.mailboxes.complaints,
        replyTo: email,
        subject: `Reclamo ${reference}: ${name} ${surname}`,
        text: submissionText(
          reference,
          [
            ['Nombre', `${name} ${surname}`],
            ['Correo electrónico', email],
            ['Teléfono', phone],
            ['Dirección', address],
            ['Ciudad', city],
            ['Número de servicio', clientNumber],
          ],
          ['Detalle del reclamo', complaintDetails],
        ),
      },
      reference,
    ),
  ]);
  return { reference };
}
