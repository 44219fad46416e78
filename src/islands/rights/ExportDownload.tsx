import { useEffect, useState } from 'react';
import { saveFile } from '../../ui/downloads.ts';
import { messages } from '../../shared/messages.ts';
import { exportTexts as texts } from '../../shared/rights/links/texts.ts';
import { callApiForFile } from '../../ui/api-file.ts';

type Outcome = { kind: 'saved' } | { kind: 'error'; text: string };

/**
 * The page the export's mailed link opens (/privacidad/derechos/descarga): the token is in the
 * address, and only the visitor's press sends it (a POST). The link serves once, and mail
 * scanners open links: a download on opening would spend it before the person saw it.
 */
export default function ExportDownload() {
  const [token, setToken] = useState<string | null>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  // The built page cannot know the address it is opened with.
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);

  const download = async () => {
    setSending(true);
    const result = await callApiForFile('/api/derechos/descarga', 'datos-personales.zip', {
      method: 'POST',
      json: { token },
    });
    setSending(false);
    if (result.ok) {
      saveFile(result.blob, result.fileName);
      setOutcome({ kind: 'saved' });
    } else {
      // A mangled link is refused at its field (400), a spent or expired one as a whole (404).
      const { errors, error } = result.failure;
      setOutcome({ kind: 'error', text: errors?.token ?? error ?? messages.genericError });
    }
  };

  return (
    <div className="form">
      {outcome?.kind !== 'saved' && (
        // Without its code the page says so where the button stands, in the button's room, so
        // nothing moves when the island finds it missing (layout shift).
        <div className="link-action">
          <button
            type="button"
            className={`button${token === '' ? ' link-action__unused' : ''}`}
            disabled={!token || sending}
            onClick={() => void download()}
          >
            {sending && <span className="spinner" aria-hidden="true" />}
            {sending ? texts.sending : texts.button}
          </button>
          {token === '' && (
            <p role="alert" className="form-error">
              {texts.missing}
            </p>
          )}
        </div>
      )}
      <div role="status">
        {outcome?.kind === 'saved' && (
          <div className="notice notice--success">
            <p>{texts.saved}</p>
          </div>
        )}
      </div>
      {outcome?.kind === 'error' && (
        <p role="alert" className="form-error">
          {outcome.text}
        </p>
      )}
    </div>
  );
}
