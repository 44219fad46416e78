import { messages } from '../shared/messages.ts';
import { alertLinkTexts as texts } from '../shared/outage-alerts/texts.ts';
import { callApi, type ApiFailed } from '../ui/api.ts';
import LinkAction, { type LinkOutcome } from './LinkAction.tsx';

const failed = (result: ApiFailed): LinkOutcome => ({ error: result.failure.error ?? messages.genericError });

/** A subscription's mailed link (/cortes/alertas/confirmar, /baja): a confirmation lists the towns it is for. */
export default function OutageAlertLink({ action }: { action: 'confirmar' | 'baja' }) {
  const send = async (token: string): Promise<LinkOutcome> => {
    const url = `/api/cortes/alertas/${action}`;
    const request = { method: 'POST', json: { token } } as const;
    const module = import('../shared/outage-alerts/schema.ts');
    if (action === 'confirmar') {
      const result = await callApi(
        url,
        module.then((loaded) => loaded.OutageAlertConfirmedAnswerSchema),
        request,
      );
      if (!result.ok) return failed(result);
      return {
        done: (
          <>
            <p>{result.body.message}</p>
            <ul>
              {result.body.data.towns.map((town) => (
                <li key={town}>{town}</li>
              ))}
            </ul>
          </>
        ),
      };
    }
    const result = await callApi(
      url,
      module.then((loaded) => loaded.OutageAlertDoneAnswerSchema),
      request,
    );
    return result.ok ? { done: <p>{result.body.message}</p> } : failed(result);
  };
  return <LinkAction texts={{ ...texts[action], missing: texts.missing }} send={send} />;
}
