import type { CaseKind } from '../../shared/cases/schema.ts';
import type { Database } from '../db/index.ts';
import type { Arrival } from '../http.ts';
import { submissionText } from '../mail/mail-text.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { newReference } from '../references.ts';
import { openCase } from './open-case.ts';

interface Submission {
  /** The reference's prefix: REC-…, CON-…, MOT-…. */
  prefix: string;
  kind: CaseKind;
  /** The citizen's full name, as the case and the mail's subject show it. */
  name: string;
  email: string;
  locality: string;
  /** The submission's own row: `params` follow the reference, which is `$1`. */
  row: { text: string; params: unknown[] };
  /** The mail to the team: its subject opens with `title`, its body lists `fields` then `longText`. */
  mail: {
    to: string;
    title: string;
    fields: [label: string, value: string][];
    longText?: [label: string, value: string];
  };
}

/**
 * Stores a submission with its row, its case, its mail to the team and the citizen's
 * acknowledgement, in one batch: never one of them without the others.
 */
export async function storeSubmission(
  db: Database,
  { prefix, kind, name, email, locality, row, mail }: Submission,
  arrival: Arrival,
): Promise<{ reference: string }> {
  const reference = newReference(prefix);
  const { statements: opened } = openCase({ kind, reference, name, email, locality }, arrival);
  await db.batch([
    { text: row.text, params: [reference, ...row.params] },
    enqueueMail(
      {
        to: mail.to,
        replyTo: email,
        subject: `${mail.title} ${reference}: ${name}`,
        text: submissionText(reference, mail.fields, mail.longText),
      },
      reference,
    ),
    ...opened,
  ]);
  return { reference };
}
