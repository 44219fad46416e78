import { saveFile } from '../../ui/downloads.ts';
import { messages } from '../../shared/messages.ts';
import { exportTexts as texts } from '../../shared/rights/links/texts.ts';
import { callApiForFile } from '../../ui/api-file.ts';
import LinkAction, { type LinkOutcome } from '../LinkAction.tsx';

/** The page the export's mailed link opens (/privacidad/derechos/descarga): the link serves once. */
async function download(token: string): Promise<LinkOutcome> {
  const result = await callApiForFile('/api/derechos/descarga', 'datos-personales.zip', {
    method: 'POST',
    json: { token },
  });
  if (!result.ok) {
    // A mangled link is refused at its field (400), a spent or expired one as a whole (404).
    const { errors, error } = result.failure;
    return { error: errors?.token ?? error ?? messages.genericError };
  }
  saveFile(result.blob, result.fileName);
  return { done: <p>{texts.saved}</p> };
}

export default function ExportDownload() {
  return <LinkAction texts={texts} send={download} />;
}
