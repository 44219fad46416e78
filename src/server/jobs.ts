import type { JobApplication } from '../shared/jobs/schema.ts';
import { site } from '../shared/site.ts';
import type { Database } from './db/index.ts';
import { submissionText } from './mail/mail-text.ts';
import { enqueueMail } from './mail/outbox.ts';
import { newReference } from './references.ts';
import { openCase } from './cases/open-case.ts';
import type { Arrival } from './http.ts';
import { attachUpload } from './uploads.ts';

/**
 * Stores an application with its CV and its case, mails both to the people team and the
 * acknowledgement to the applicant, in one transaction.
 */
export async function submitJobApplication(
  db: Database,
  application: JobApplication,
  cv: { id: string; fileName: string },
  arrival: Arrival,
): Promise<{ reference: string }> {
  const reference = newReference('EMP');
  const { name, email, rut, address } = application;
  const { statements: opened } = openCase({ kind: 'postulacion', reference, name, email, locality: '' }, arrival);
  await db.batch([
    {
      text: 'INSERT INTO job_applications (reference, name, email, rut, address, cv_upload_id) VALUES ($1, $2, $3, $4, $5, $6)',
      params: [reference, name, email, rut, address, cv.id],
    },
    attachUpload(cv.id),
    enqueueMail(
      {
        to: site.mailboxes.jobs,
        replyTo: email,
        subject: `Postulación ${reference}: ${name}`,
        text: submissionText(reference, [
          ['Nombre', name],
          ['Correo electrónico', email],
          ['RUT', rut],
          ['Dirección', address],
          ['CV adjunto', cv.fileName],
        ]),
      },
      reference,
      cv.id,
    ),
    ...opened,
  ]);
  return { reference };
}
