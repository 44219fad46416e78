import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { listUnsubscribeHeaders, type BatchItem, type Mail, type MailSender } from './mail.ts';

/**
 * Local mode: each mail becomes an RFC 5322 `.eml` file that any mail client opens, named by its
 * idempotency key without the deploy context that leads it (`dev/CON-…-12` → `CON-…-12.eml`): one
 * folder serves one local server. A batch is the same shape as Resend's, each mail its own file,
 * and writing it again rewrites the same files: a repeated request sends nothing twice.
 */
export function createFileSender(directory: string, from: string): MailSender {
  // Loaded on the first mail, never at import: a deployed function ships without nodemailer
  // (scripts/lib/function-sources.ts, LOCAL_ONLY_PACKAGES) and must load without it.
  let composer: Promise<Transporter> | undefined;
  async function write(mail: Mail, idempotencyKey: string) {
    composer ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    const { attachments, listUnsubscribe: _, ...rest } = mail;
    const info = await (
      await composer
    ).sendMail({
      from,
      ...rest,
      headers: listUnsubscribeHeaders(mail),
      ...(attachments
        ? { attachments: attachments.map(({ filename, content }) => ({ filename, content: Buffer.from(content) })) }
        : {}),
    });
    await mkdir(directory, { recursive: true });
    // Written aside, then renamed: a reader never sees half a mail.
    const file = path.join(directory, `${path.posix.basename(idempotencyKey)}.eml`);
    await writeFile(`${file}.part`, info.message as Buffer);
    await rename(`${file}.part`, file);
  }
  return {
    requestInterval: 0,
    send: write,
    async sendBatch(items: BatchItem[]) {
      for (const { mail, key } of items) await write(mail, key);
      return items.map(() => undefined);
    },
  };
}
