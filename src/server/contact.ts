import type { ContactMessage } from '../shared/contact/schema.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { storeSubmission } from './cases/submission.ts';
import type { Arrival } from './http.ts';

/**
 * Stores a contact message with its case (due by the utility's service target), its mail to the
 * utility and the citizen's acknowledgement, in one transaction.
 */
export function submitContact(db: Database, message: ContactMessage, arrival: Arrival): Promise<{ reference: string }> {
  const { name, surname, email, phone, address, city, reqs } = message;
  return storeSubmission(
    db,
    {
      prefix: 'CON',
      kind: 'mensaje',
      name: `${name} ${surname}`,
      email,
      locality: city,
      row: {
        text: `INSERT INTO contact_messages (reference, name, surname, email, phone, address, city, reqs)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        params: [name, surname, email, phone, address, city, reqs],
      },
      mail: {
        to: site.mailboxes.contact,
        title: 'Mensaje de contacto',
        fields: [
          ['Nombre', `${name} ${surname}`],
          ['Correo electrónico', email],
          ['Teléfono', phone],
          ['Dirección', address],
          ['Ciudad', city],
        ],
        longText: ['Mensaje', reqs],
      },
    },
    arrival,
  );
}
