import { useEffect, useState, type SubmitEvent } from 'react';
import { z } from 'zod';
import {
  caseMessages,
  FollowUpQuerySchema,
  FollowUpSchema,
  type FollowUp,
  type FollowUpQuery,
} from '../shared/cases.ts';
import { FOLLOW_UP_REFERENCE_PARAMETER } from '../shared/follow-up.ts';
import { messages } from '../shared/messages.ts';
import { callApi } from './api.ts';
import { FollowUpCase } from './follow-up/FollowUpCase.tsx';
import { ErrorSummary } from './forms/ErrorSummary.tsx';
import { Field } from './forms/Field.tsx';
import { PrivacyNote } from './forms/PrivacyNote.tsx';
import { useSchemaForm, type FieldSpec } from './forms/use-schema-form.ts';

const fields = {
  reference: {
    label: 'Número de referencia',
    hint: 'Está en el correo de confirmación; por ejemplo, REC-7K2M9QXA.',
    autoComplete: 'off',
  },
  email: {
    label: 'Correo electrónico',
    type: 'email',
    autoComplete: 'email',
    hint: 'El mismo que indicó en el formulario.',
  },
} satisfies Record<keyof FollowUpQuery, FieldSpec>;

const FollowUpAnswerSchema = z.object({ success: z.literal(true), data: z.object({ case: FollowUpSchema }) });

/**
 * /seguimiento (issue 15): the reference and the e-mail of a submission show its status, dates and
 * replies. No draft is kept: the e-mail is personal and the page is a lookup, not a form to finish.
 */
export default function FollowUpForm() {
  const form = useSchemaForm(FollowUpQuerySchema, fields, { clearOnSuccess: false });
  const [found, setFound] = useState<FollowUp>();
  const [failure, setFailure] = useState<string>();

  // The built page cannot know the address it is opened with: the reference of the link is filled
  // in once the island runs, unless the visitor already typed one into the server-rendered form.
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get(FOLLOW_UP_REFERENCE_PARAMETER);
    const input = form.formRef.current?.elements.namedItem('reference');
    const typed = input instanceof HTMLInputElement && input.value !== '';
    if (linked && !typed) form.update({ reference: linked });
  }, []);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    setFound(undefined);
    void form.submit(async (query) => {
      const answer = await callApi('/api/seguimiento', FollowUpAnswerSchema, { method: 'POST', json: query });
      if (answer.ok) {
        setFound(answer.body.data.case);
        return { ok: true };
      }
      if (answer.status === 400 && answer.failure.errors) return { ok: false, errors: answer.failure.errors };
      // A wrong pair gets one message, whichever of the two was wrong (the API never says).
      if (answer.status === 404) setFailure(caseMessages.followUpNotFound);
      else if (answer.status === 429) setFailure(caseMessages.followUpThrottled);
      else setFailure(messages.genericError);
      return { ok: false };
    });
  };

  return (
    <>
      <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
        <ErrorSummary errors={form.errors} labels={form.labels} />
        {failure && (
          <p role="alert" className="form-error">
            {failure}
          </p>
        )}
        <Field {...form.text('reference')} />
        <Field {...form.text('email')} />
        <PrivacyNote section="seguimiento-de-casos" />
        <button type="submit" className="button" disabled={!form.ready || form.sending}>
          {form.sending && <span className="spinner" aria-hidden="true" />}
          {form.sending ? 'Consultando…' : 'Consultar'}
        </button>
      </form>
      {found && <FollowUpCase followUp={found} />}
    </>
  );
}
