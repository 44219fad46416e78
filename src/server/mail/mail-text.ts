/** The plain-text body of a mail to the utility: the reference, then one line per field. */
export function submissionText(
  reference: string,
  lines: [label: string, value: string][],
  longText?: [label: string, value: string],
): string {
  const body = [
    `Número de referencia: ${reference}`,
    '',
    ...lines.map(([label, value]) => `${label}: ${value || '(no indicado)'}`),
  ];
  if (longText) body.push('', `${longText[0]}:`, longText[1]);
  return body.join('\n');
}
