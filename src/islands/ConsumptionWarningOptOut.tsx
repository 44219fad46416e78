import { messages } from '../shared/messages.ts';
import { warningLinkTexts } from '../shared/consumption/warning-texts.ts';
import { callApi } from '../ui/api.ts';
import LinkAction, { type LinkOutcome } from './LinkAction.tsx';

/** /consumo/avisos/baja: the opt-out link of a high-consumption warning, sent by the visitor's press. */
async function optOut(token: string): Promise<LinkOutcome> {
  const result = await callApi(
    '/api/consumo/avisos/baja',
    import('../shared/consumption/warnings.ts').then((loaded) => loaded.WarningOptOutAnswerSchema),
    { method: 'POST', json: { token } },
  );
  // A malformed token: the field's own words say more than the form's "Revise los datos".
  if (!result.ok) return { error: result.failure.errors?.token ?? result.failure.error ?? messages.genericError };
  return { done: <p>{result.body.message}</p> };
}

export default function ConsumptionWarningOptOut() {
  return <LinkAction texts={warningLinkTexts} send={optOut} />;
}
