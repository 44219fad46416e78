import type { Complaint } from '../shared/complaints/schema.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { storeSubmission } from './cases/submission.ts';
import type { Arrival } from './http.ts';

/**
 * Stores a complaint with its case (due in 10 business days), its mail to the complaints mailbox
 * and the citizen's acknowledgement, in one transaction.
 */
export function submitComplaint(db: Database, complaint: Complaint, arrival: Arrival): Promise<{ reference: string }> {
  const { name, surname, email, phone, address, city, clientNumber, complaintDetails } = complaint;
  return storeSubmission(
    db,
    {
      prefix: 'REC',
      kind: 'reclamo',
      name: `${name} ${surname}`,
      email,
      locality: city,
      row: {
        text: `INSERT INTO complaints (reference, name, surname, email, phone, address, city, client_number, complaint_details)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        params: [name, surname, email, phone, address, city, clientNumber, complaintDetails],
      },
      mail: {
        to: site.mailboxes.complaints,
        title: 'Reclamo',
        fields: [
          ['Nombre', `${name} ${surname}`],
          ['Correo electrónico', email],
          ['Teléfono', phone],
          ['Dirección', address],
          ['Ciudad', city],
          ['Número de servicio', clientNumber],
        ],
        longText: ['Detalle del reclamo', complaintDetails],
      },
    },
    arrival,
  );
}
