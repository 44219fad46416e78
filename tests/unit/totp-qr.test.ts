import { describe, expect, it } from 'vitest';
import { totpQrSvg } from '../../src/admin/screens/second-factor/totp-qr.ts';
import { qrCodeText } from '../helpers/qr-code.ts';

/** The enrolment's QR code, rasterised and read back (qrCodeText). */
describe('the enrolment QR code', () => {
  it('decodes back to the otpauth:// URI, with its issuer and account as they were', async () => {
    const uri =
      'otpauth://totp/Aguas%20Patagonia%20de%20Ays%C3%A9n:rosa.vera%40aguasdeaysen.cl?issuer=Aguas%20Patagonia%20de%20Ays%C3%A9n&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';
    const svg = await totpQrSvg(uri);
    expect(svg).toMatch(/^<svg /);
    expect(await qrCodeText(Buffer.from(svg), 400)).toBe(uri);
  });
});
