import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { query, root } from './database.ts';

const outbox = path.join(root, '.data/outbox');

/**
 * The mails local mode wrote for a submission (each file is named `<reference>-<id>.eml`), once
 * `count` of them are there: a form that collects an e-mail mails the utility and
 * the citizen's acknowledgement, delivered in no fixed order.
 */
export async function outboxMails(reference: string, count: number): Promise<string[]> {
  let mails: string[] = [];
  await expect(async () => {
    const files = (await readdir(outbox)).filter((name) => name.startsWith(`${reference}-`) && name.endsWith('.eml'));
    expect(files).toHaveLength(count);
    mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
  }).toPass({ timeout: 10_000 });
  return mails;
}

/** The one mail of `mails` addressed to `address`. */
export function mailTo(mails: string[], address: string): string {
  const addressed = mails.filter((eml) => new RegExp(`^To: ${address.replace(/\./g, '\\.')}\\r?$`, 'm').test(eml));
  expect(addressed, `one mail to ${address}`).toHaveLength(1);
  return addressed[0]!;
}

/**
 * The one mail of `reference` to `recipient`, once written: alerts share their notice's reference
 * among every subscriber of the town, other tests' subscribers included.
 */
export async function outboxMailTo(reference: string, recipient: string): Promise<string> {
  const rows = await query<{ id: string }>(
    'SELECT id::text AS id FROM outbox WHERE reference = $1 AND recipient = $2',
    [reference, recipient],
  );
  expect(rows, `one mail ${reference} to ${recipient}`).toHaveLength(1);
  let mail = '';
  await expect(async () => {
    mail = await readFile(path.join(outbox, `${reference}-${rows[0]!.id}.eml`), 'utf8');
  }).toPass({ timeout: 10_000 });
  return mail;
}
