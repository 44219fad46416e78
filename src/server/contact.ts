import type { ContactMessage } from '../shared/contact/schema.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { submissionText } from './mail/mail-text.ts';
import { enqueueMail } from './mail/outbox.ts';
import { newReference } from './references.ts';
import { openCase } from './cases/open-case.ts';
import type { Arrival } from './http.ts';

/**
 * Stores a contact message with its case (due by the utility's service target), its mail to the
 * utility and the citizen's acknowledgement, in one transaction.
 */
export async function submitContact(
  db: Database,
  message: ContactMessage,
  arrival: Arrival,
): Promise<{ reference: string }> {
  const reference = newReference('CON');
  const { name, surname, email, phone, address, city, reqs } = message;
  const { statements: opened } = openCase(
    { kind: 'mensaje', reference, name: `${name} ${surname}`, email, locality: city },
    arrival,
  );
  await db.batch([
    {
      text: `INSERT INTO contact_messages (reference, name, surname, email, phone, address, city, reqs)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      params: [reference, name, surname, email, phone, address, city, reqs],
    },
    enqueueMail(
      {
        to: site.mailboxes.contact,
        replyTo: email,
        subject: `Mensaje de contacto ${reference}: ${name} ${surname}`,
        text: submissionText(
          reference,
          [
            ['Nombre', `${name} ${surname}`],
            ['Correo electrónico', email],
            ['Teléfono', phone],
            ['Dirección', address],
            ['Ciudad', city],
          ],
          ['Mensaje', reqs],
        ),
      },
      reference,
    ),
    ...opened,
  ]);
  return { reference };
}
