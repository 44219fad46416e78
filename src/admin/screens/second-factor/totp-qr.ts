/**
 * The enrolment's otpauth:// URI as the SVG of a QR code, which an authenticator app scans
 * instead of the key being typed. The QR library is imported by the first enrolment shown, so
 * no other screen of the admin carries it.
 */
export async function totpQrSvg(uri: string): Promise<string> {
  const { toString } = await import('qrcode');
  // Dark on white whatever the admin's theme, with the quiet zone scanners need around it.
  return toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
}
