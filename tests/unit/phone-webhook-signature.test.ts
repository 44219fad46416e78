import { describe, expect, it } from 'vitest';
import { twilioSignature } from '../../scripts/lib/twilio-simulator.ts';
import { NotAllowed } from '../../src/server/errors.ts';
import { verifiedProviderForm } from '../../src/server/phone-alerts/signature.ts';

const TOKEN = '12345678901234567890123456789012';
const URL_CALLED = 'https://aguas.test/api/sms/estado?ref=ALR-1&id=7';
const PARAMS = {
  AccountSid: `AC${'0'.repeat(32)}`,
  MessageSid: `SM${'1'.repeat(32)}`,
  MessageStatus: 'delivered',
  To: '+56912345678',
  Body: 'SIGO SIN AGUA\nen Coyhaique',
};

/** A webhook as Twilio posts it: the form, signed by the simulator's own signer for `signedUrl` (null: unsigned). */
interface Webhook {
  url?: string;
  signedUrl?: string;
  params?: Record<string, string>;
  signedParams?: Record<string, string>;
  signature?: string | null;
  body?: string;
  contentType?: string;
}

function webhook({
  url = URL_CALLED,
  signedUrl = url,
  params = PARAMS,
  signedParams = params,
  signature = twilioSignature(TOKEN, signedUrl, signedParams),
  body = new URLSearchParams(params).toString(),
  contentType = 'application/x-www-form-urlencoded',
}: Webhook = {}) {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType, ...(signature === null ? {} : { 'X-Twilio-Signature': signature }) },
    body,
  });
}

describe("a provider's webhook", () => {
  it('signed for its URL and fields, answers the fields as a plain object, line breaks kept', async () => {
    expect(await verifiedProviderForm(webhook(), TOKEN)).toEqual(PARAMS);
  });

  it("reads the form's charset and an empty field as Twilio sends them", async () => {
    const params = { ...PARAMS, Body: 'Ñirehuao: ¿aún sin agua?', ErrorCode: '' };
    const request = webhook({ params, contentType: 'application/x-www-form-urlencoded; charset=UTF-8' });
    expect(await verifiedProviderForm(request, TOKEN)).toEqual(params);
  });

  it.each([
    ['without X-Twilio-Signature', { signature: null }],
    ['with a wrong signature', { signature: twilioSignature('another token', URL_CALLED, PARAMS) }],
    ['with a field changed after signing', { signedParams: { ...PARAMS, MessageStatus: 'failed' } }],
    ['with a field added after signing', { params: { ...PARAMS, Extra: '1' }, signedParams: PARAMS }],
    ['with the URL changed (another reference)', { signedUrl: 'https://aguas.test/api/sms/estado?ref=ALR-2&id=7' }],
    [
      'replayed onto another endpoint',
      { url: 'https://aguas.test/api/sms/entrante', signedUrl: 'https://aguas.test/api/sms/estado?ref=ALR-1&id=7' },
    ],
    ['replayed onto another site', { signedUrl: 'https://otro.test/api/sms/estado?ref=ALR-1&id=7' }],
    ['with a field twice', { body: `${new URLSearchParams(PARAMS)}&To=%2B56900000000` }],
    ['as JSON', { body: JSON.stringify(PARAMS), contentType: 'application/json' }],
    ['past 16 KB', { params: { ...PARAMS, Body: 'a'.repeat(16 * 1024) } }],
  ])('is refused (403) %s', async (_, overrides) => {
    await expect(verifiedProviderForm(webhook(overrides), TOKEN)).rejects.toBeInstanceOf(NotAllowed);
  });
});
