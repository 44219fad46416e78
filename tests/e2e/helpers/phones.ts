import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { PhoneChannel } from '../../../src/shared/phone-alerts/channels.ts';
import { phoneCodeCounters } from '../../../src/server/throttle/uses.ts';
import { query, root } from './database.ts';

const sms = path.join(root, '.data/sms');

/** A message or call as the phone simulator of local mode files it (scripts/lib/twilio-simulator.ts). */
export interface PhoneMessage {
  to: string;
  channel: PhoneChannel;
  body: string;
  /** The outbox's reference (`ALE-…` for a code, `COR-<notice>` for an outage's alert); none for a reply. */
  reference?: string;
  sid: string;
  status: string;
  at: string;
}

/**
 * What reached `phone`, oldest first, as the simulator's files say. A file is renamed into place
 * whole, so none is read half written; its status moves on (sent, delivered) as callbacks go.
 */
export async function phoneMessages(phone: string): Promise<PhoneMessage[]> {
  const names = (await readdir(sms).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
  const messages = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(sms, name), 'utf8')) as PhoneMessage),
  );
  return messages.filter((message) => message.to === phone).sort((a, b) => a.at.localeCompare(b.at));
}

/** The one message to `phone` whose body contains `text`, once it is there (the outbox sends after its answer). */
export async function phoneMessageWith(phone: string, text: string): Promise<PhoneMessage> {
  let found: PhoneMessage[] = [];
  await expect(async () => {
    found = (await phoneMessages(phone)).filter((message) => message.body.includes(text));
    expect(found, `one message to ${phone} with «${text}»`).toHaveLength(1);
  }).toPass({ timeout: 15_000 });
  return found[0]!;
}

/** The 6-digit code of a confirmation message. */
export const codeIn = (message: PhoneMessage) => /\b(\d{6})\b/.exec(message.body)![1]!;

/**
 * Forgets the wrong codes typed for `phone` from this machine, over IPv4 and IPv6: the one
 * throttle of typed secrets counts them by phone and by client group, and the e2e database
 * outlives the run, so a few runs' refused codes would make the next one wait.
 */
export async function forgetWrongCodes(phone: string): Promise<void> {
  const counters = await Promise.all(['127.0.0.1', '::1'].map((address) => phoneCodeCounters(phone, address)));
  await query('DELETE FROM follow_up_failures WHERE client = ANY($1)', [counters.flat().map(({ key }) => key)]);
}
