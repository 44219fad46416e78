import type { Complaint } from '../shared/complaints/schema.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { submissionText } from './mail/mail-text.ts';
import { enqueueMail } from './mail/outbox.ts';
import { newReference } from './references.ts';
import { openCase } from './cases/open-case.ts';
import type { Arrival } from './http.ts';

/**
 * Stores a complaint with its case (due in 10 business days), its mail to the complaints mailbox
 * and the citizen's acknowledgement, in one transaction.
 */
export async function submitComplaint(
  db: Database,
  complaint: Complaint,
  arrival: Arrival,
): Promise<{ reference: string }> {
  const reference = newReference('REC');
  const { name, surname, email, phone, address, city, clientNumber, complaintDetails } = complaint;
  const { statements: opened } = openCase(
    { kind: 'reclamo', reference, name: `${name} ${surname}`, email, locality: city },
    arrival,
  );
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
    ...opened,
  ]);
  return { reference };
}
