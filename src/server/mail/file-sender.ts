import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mail, MailSender } from './mail.ts';

/** Local mode: each mail becomes an RFC 5322 `.eml` file that any mail client opens. */
export function createFileSender(directory: string, from: string): MailSender {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail: Mail, idempotencyKey: string) {
      const { attachments, ...rest } = mail;
      const info = await composer.sendMail({
        from,
        ...rest,
        ...(attachments
          ? { attachments: attachments.map(({ filename, content }) => ({ filename, content: Buffer.from(content) })) }
          : {}),
      });
      await mkdir(directory, { recursive: true });
      // Written aside, then renamed: a reader never sees half a mail.
      const file = path.join(directory, `${idempotencyKey}.eml`);
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
    },
  };
}
