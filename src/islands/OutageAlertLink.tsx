import { useEffect, useState } from 'react';
import { messages } from '../shared/messages.ts';
import { callApi, type ApiFailed } from '../ui/api.ts';

const texts = {
  confirmar: { button: 'Confirmar suscripción', sending: 'Confirmando…' },
  baja: { button: 'Anular suscripción', sending: 'Anulando…' },
} as const;

type Outcome = { kind: 'success'; text: string; towns?: string[] } | { kind: 'error'; text: string };

const failed = (result: ApiFailed): Outcome => ({ kind: 'error', text: result.failure.error ?? messages.genericError });

/**
 * The page a mailed link opens (/cortes/alertas/confirmar, /baja): the token is in the
 * address, and only the visitor's press sends it (a POST): mail scanners open links, and a GET
 * that confirmed or unsubscribed would act for them.
 */
export default function OutageAlertLink({ action }: { action: keyof typeof texts }) {
  const [token, setToken] = useState<string | null>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  // The built page cannot know the address it is opened with.
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);

  const send = async () => {
    setSending(true);
    const url = `/api/cortes/alertas/${action}`;
    const request = { method: 'POST', json: { token } } as const;
    const module = import('../shared/outage-alerts/schema.ts');
    if (action === 'confirmar') {
      const result = await callApi(
        url,
        module.then((loaded) => loaded.OutageAlertConfirmedAnswerSchema),
        request,
      );
      show(result.ok ? { kind: 'success', text: result.body.message, towns: result.body.data.towns } : failed(result));
    } else {
      const result = await callApi(
        url,
        module.then((loaded) => loaded.OutageAlertDoneAnswerSchema),
        request,
      );
      show(result.ok ? { kind: 'success', text: result.body.message } : failed(result));
    }
  };
  const show = (next: Outcome) => {
    setSending(false);
    setOutcome(next);
  };

  return (
    <div className="form">
      {outcome?.kind !== 'success' && (
        // Without its code the page says so where the button stands, in the button's room, so
        // nothing moves when the island finds it missing (layout shift).
        <div className="link-action">
          <button
            type="button"
            className={`button${token === '' ? ' link-action__unused' : ''}`}
            disabled={!token || sending}
            onClick={() => void send()}
          >
            {sending && <span className="spinner" aria-hidden="true" />}
            {sending ? texts[action].sending : texts[action].button}
          </button>
          {token === '' && (
            <p role="alert" className="form-error">
              Falta el código del enlace. Ábralo desde el correo que le enviamos.
            </p>
          )}
        </div>
      )}
      <div role="status">
        {outcome?.kind === 'success' && (
          <div className="notice notice--success">
            <p>{outcome.text}</p>
            {outcome.towns && (
              <ul>
                {outcome.towns.map((town) => (
                  <li key={town}>{town}</li>
                ))}
              </ul>
            )}
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
