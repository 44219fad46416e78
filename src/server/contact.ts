import type { ContactMessage } from '../shared/contact.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { submissionText } from './mail/mail-text.ts';
import { enqueueMail } from './mail/outbox.ts';
import { newReference } from './references.ts';

/** Stores a contact message and its mail to the utility in one transaction. */
export async function submitContact(db: Database, message: ContactMessage): Promise<{ reference: string }> {
  const reference = newReference('CON');
  const { name, surname, email, phone, address, city, reqs } = message;
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
  ]);
  return { reference };
}
