import type { JobApplication } from '../shared/jobs/schema.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { submissionText } from './mail/mail-text.ts';
import { enqueueMail, OUTBOX_COLUMNS } from './outbox/outbox.ts';
import { newReference } from './references.ts';
import { openCase } from './cases/open-case.ts';
import type { Arrival } from './http.ts';
import { storeAndAttach, type ReceivedFile } from './uploads/files.ts';

/**
 * Stores an application with its CV (stored or attached by the same batch: uploads/files.ts) and its
 * case, mails both to the people team and the acknowledgement to the applicant, in one transaction.
 */
export async function submitJobApplication(
  db: Database,
  application: JobApplication,
  cv: ReceivedFile,
  arrival: Arrival,
): Promise<{ reference: string }> {
  const reference = newReference('EMP');
  const { name, email, rut, address } = application;
  const { statements: opened } = openCase({ kind: 'postulacion', reference, name, email, locality: '' }, arrival);
  const mail = enqueueMail(
    {
      to: site.mailboxes.jobs,
      replyTo: email,
      subject: `Postulación ${reference}: ${name}`,
      text: `${submissionText(reference, [
        ['Nombre', name],
        ['Correo electrónico', email],
        ['RUT', rut],
        ['Dirección', address],
      ])}\nCV adjunto: `,
    },
    reference,
    cv.id,
  );
  await db.batch([
    ...storeAndAttach(cv),
    {
      text: 'INSERT INTO job_applications (reference, name, email, rut, address, cv_upload_id) VALUES ($1, $2, $3, $4, $5, $6)',
      params: [reference, name, email, rut, address, cv.id],
    },
    // The CV's name as its row holds it (a CV's is in the clear): a chunked upload's is read by
    // this statement, not before it.
    {
      ...mail,
      text: `INSERT INTO outbox (${OUTBOX_COLUMNS})
             SELECT $1, $2, $3, $4, $5::text || file_name, id, $7 FROM uploads WHERE id = $6`,
    },
    ...opened,
  ]);
  return { reference };
}
