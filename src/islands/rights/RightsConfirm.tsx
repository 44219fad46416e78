import { messages } from '../../shared/messages.ts';
import { confirmTexts } from '../../shared/rights/links/texts.ts';
import { callApi, submissionAnswer } from '../../ui/api.ts';
import { followUpLink } from '../cases/follow-up/follow-up-link.ts';
import LinkAction, { type LinkOutcome } from '../LinkAction.tsx';

/**
 * /privacidad/derechos/confirmar, the page the rights request's mail links to. POST
 * /api/derechos/confirmar answers as a submission does (`message`, `data.reference`), so it is
 * read with the same shared schema.
 */
async function confirm(token: string): Promise<LinkOutcome> {
  const result = await callApi('/api/derechos/confirmar', submissionAnswer(), { method: 'POST', json: { token } });
  // A malformed token: the field's own words say more than the form's "Revise los datos".
  if (!result.ok) return { error: result.failure.errors?.token ?? result.failure.error ?? messages.genericError };
  const link = followUpLink(result.body.data.reference);
  return {
    done: (
      <>
        <p>{result.body.message}</p>
        <p>
          <a href={link.href}>{link.text}</a>
        </p>
      </>
    ),
  };
}

export default function RightsConfirm() {
  return <LinkAction texts={confirmTexts} send={confirm} />;
}
