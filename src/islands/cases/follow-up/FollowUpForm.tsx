import { lazy, Suspense, useEffect, useState, type SubmitEvent } from 'react';
import type { FollowUp, FollowUpQuery } from '../../../shared/cases/schema.ts';
import type { FieldRules } from '../../../shared/fields.ts';
import { FOLLOW_UP_REFERENCE_PARAMETER } from '../../../shared/cases/follow-up/texts.ts';
import { messages } from '../../../shared/messages.ts';
import { callApi } from '../../../ui/api.ts';
import { ErrorSummary } from '../../../ui/forms/ErrorSummary.tsx';
import { Field } from '../../../ui/forms/Field.tsx';
import { PrivacyNote } from '../../forms/PrivacyNote.tsx';
import { useSchemaForm, type FieldSpec } from '../../../ui/forms/use-schema-form.ts';

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

// The case schemas, and zod with them, load once the visitor starts on the form; the case's view
// with the request: the page itself ships neither, to stay light on a phone.
const cases = () => import('../../../shared/cases/schema.ts');
const loadSchema = () => cases().then((module) => module.FollowUpQuerySchema);
const loadAnswer = () =>
  import('../../../shared/cases/follow-up/schema.ts').then((module) => module.FollowUpAnswerSchema);
const loadView = () => import('./FollowUpCase.tsx');
const FollowUpCase = lazy(() => loadView().then((module) => ({ default: module.FollowUpCase })));

/**
 * /seguimiento: the reference and the e-mail of a submission show its status, dates and
 * replies. No draft is kept: the e-mail is personal and the page is a lookup, not a form to finish.
 * `rules`: `fieldRules(FollowUpQuerySchema)`.
 */
export default function FollowUpForm({ rules }: { rules: FieldRules<keyof FollowUpQuery> }) {
  const form = useSchemaForm(fields, rules, { schema: loadSchema, clearOnSuccess: false });
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
      const view = loadView().then(
        () => true,
        () => false,
      );
      const answer = await callApi('/api/seguimiento', loadAnswer(), { method: 'POST', json: query });
      if (answer.ok) {
        // The case's view loads with the request: if it did not arrive (the connection dropped), as offline.
        if (!(await view)) {
          setFailure(messages.genericError);
          return { ok: false };
        }
        setFound(answer.body.data.case);
        return { ok: true };
      }
      if (answer.status === 400 && answer.failure.errors) return { ok: false, errors: answer.failure.errors };
      // A wrong pair gets one message, whichever of the two was wrong (the API never says).
      const texts = answer.status === 404 ? await cases().catch(() => undefined) : undefined;
      if (texts) setFailure(texts.caseMessages.followUpNotFound);
      // The wait grows with the client's failures: the server's message says how long.
      else if (answer.status === 429) setFailure(answer.failure.error ?? messages.genericError);
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
      {found && (
        <Suspense fallback={null}>
          <FollowUpCase followUp={found} />
        </Suspense>
      )}
    </>
  );
}
