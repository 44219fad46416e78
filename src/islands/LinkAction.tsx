import { useEffect, useState, type ReactNode } from 'react';

/** What pressing the button came to: what to show once done, or why it could not. */
export type LinkOutcome = { done: ReactNode } | { error: string };

export interface LinkActionTexts {
  button: string;
  sending: string;
  /** Shown, in the button's room, when the address has no token. */
  missing: string;
}

/**
 * The page a mailed link opens (an alert subscription's confirmation or cancellation, a rights
 * request's confirmation, a rights export's download): the token is in the address, and only the
 * visitor's press sends it (a POST). Mail scanners open links: a GET that acted would act for
 * them, and spend a link that serves once before the person saw it.
 */
export default function LinkAction({
  texts,
  send,
}: {
  texts: LinkActionTexts;
  send: (token: string) => Promise<LinkOutcome>;
}) {
  // undefined until the address is read; '' when it has no token.
  const [token, setToken] = useState<string>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<LinkOutcome>();

  // The built page cannot know the address it is opened with.
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);

  const press = async (pressed: string) => {
    setSending(true);
    const next = await send(pressed);
    setSending(false);
    setOutcome(next);
  };

  return (
    <div className="form">
      {!(outcome && 'done' in outcome) && (
        // Without its token the page says so where the button stands, so nothing moves when the
        // island finds it missing (layout shift). On a phone the words can be taller than the
        // button: an invisible copy, there from the first paint, keeps their room.
        <div className="link-action">
          <p className="form-error link-action__unused" aria-hidden="true">
            {texts.missing}
          </p>
          <button
            type="button"
            className={`button${token === '' ? ' link-action__unused' : ''}`}
            disabled={!token || sending}
            onClick={() => token && void press(token)}
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
        {outcome && 'done' in outcome && <div className="notice notice--success">{outcome.done}</div>}
      </div>
      {outcome && 'error' in outcome && (
        <p role="alert" className="form-error">
          {outcome.error}
        </p>
      )}
    </div>
  );
}
