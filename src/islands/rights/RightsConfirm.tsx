import { useEffect, useState } from 'react';
import { messages } from '../../shared/messages.ts';
import { confirmTexts } from '../../shared/rights/links/texts.ts';
import { callApi, submissionAnswer } from '../../ui/api.ts';
import { followUpLink } from '../cases/follow-up/follow-up-link.ts';

type Outcome = { kind: 'confirmed'; text: string; reference: string } | { kind: 'error'; text: string };

/**
 * /privacidad/derechos/confirmar, the page the rights request's mail links to: the token is in the
 * address, and only the visitor's press sends it (a POST): mail scanners open links, and a GET that
 * confirmed would confirm for them. POST /api/derechos/confirmar answers as a submission does
 * (`message`, `data.reference`), so it is read with the same shared schema.
 */
export default function RightsConfirm() {
  // undefined until the address is read; '' when it has no token.
  const [token, setToken] = useState<string>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  // The built page cannot know the address it is opened with.
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);

  const send = async () => {
    setSending(true);
    const result = await callApi('/api/derechos/confirmar', submissionAnswer(), {
      method: 'POST',
      json: { token },
    });
    setSending(false);
    if (result.ok) {
      setOutcome({ kind: 'confirmed', text: result.body.message, reference: result.body.data.reference });
      return;
    }
    // A malformed token: the field's own words say more than the form's "Revise los datos".
    const text = result.failure.errors?.token ?? result.failure.error ?? messages.genericError;
    setOutcome({ kind: 'error', text });
  };

  return (
    <div className="form">
      {outcome?.kind !== 'confirmed' && (
        // Without its token the page says so where the button stands, so nothing moves when the
        // island finds it missing (layout shift). On a phone the words are taller than the button:
        // an invisible copy, there from the first paint, keeps their room.
        <div className="link-action">
          <p className="form-error link-action__unused" aria-hidden="true">
            {confirmTexts.missing}
          </p>
          <button
            type="button"
            className={`button${token === '' ? ' link-action__unused' : ''}`}
            disabled={!token || sending}
            onClick={() => void send()}
          >
            {sending && <span className="spinner" aria-hidden="true" />}
            {sending ? 'Confirmando…' : confirmTexts.button}
          </button>
          {token === '' && (
            <p role="alert" className="form-error">
              {confirmTexts.missing}
            </p>
          )}
        </div>
      )}
      <div role="status">
        {outcome?.kind === 'confirmed' && (
          <div className="notice notice--success">
            <p>{outcome.text}</p>
            <p>
              <a href={followUpLink(outcome.reference).href}>{followUpLink(outcome.reference).text}</a>
            </p>
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
