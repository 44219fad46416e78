import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { root } from './database.ts';

const outbox = path.join(root, '.data/outbox');

/**
 * The mails local mode wrote for a submission (each file is named `<reference>-<id>.eml`), once
 * `count` of them are there: since issue 15 a form that collects an e-mail mails the utility and
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
