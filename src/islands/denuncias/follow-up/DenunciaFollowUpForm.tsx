import { lazy, Suspense, useState, type SubmitEvent } from 'react';
import type { DenunciaFollowUp, ReceiptQuery, ReporterMessage } from '../../../shared/denuncias/follow-up/schema.ts';
import type { FieldRules } from '../../../shared/fields.ts';
import { messages } from '../../../shared/messages.ts';
import { callApi } from '../../../ui/api.ts';
import { ErrorSummary } from '../../../ui/forms/ErrorSummary.tsx';
import { Field } from '../../../ui/forms/Field.tsx';
import { PrivacyNote } from '../../forms/PrivacyNote.tsx';
import { useSchemaForm, type FieldSpec } from '../../../ui/forms/use-schema-form.ts';

const fields = {
  receipt: {
    label: 'Código de recibo',
    hint: 'Los 16 dígitos que vio al enviar su denuncia. Puede escribirlos con o sin espacios.',
    // Never offered again by the browser's autofill: the code is the key to the denuncia.
    autoComplete: 'off',
    inputMode: 'numeric',
  },
} satisfies Record<keyof ReceiptQuery, FieldSpec>;

// The schemas, and zod with them, load once the visitor starts on the form; the denuncia's view
// with the request: the page itself ships neither, to stay light on a phone.
const followUp = () => import('../../../shared/denuncias/follow-up/schema.ts');
const loadSchema = () => followUp().then((module) => module.ReceiptQuerySchema);
const loadAnswer = () => followUp().then((module) => module.DenunciaFollowUpAnswerSchema);
const loadView = () => import('./DenunciaCase.tsx');
const DenunciaCase = lazy(() => loadView().then((module) => ({ default: module.DenunciaCase })));

interface Props {
  /** `fieldRules(ReceiptQuerySchema)`. */
  rules: FieldRules<keyof ReceiptQuery>;
  /** `fieldRules(ReporterMessageSchema)`, for the reply form. */
  replyRules: FieldRules<keyof ReporterMessage>;
}

/**
 * /denuncias/seguimiento: the receipt code opens the denuncia, anonymously. Nothing is kept in the
 * browser: no draft (the form hook keeps none without a key), the code only in this page's
 * memory for the reply and notice requests, and the page itself is never cached (netlify.toml).
 */
export default function DenunciaFollowUpForm({ rules, replyRules }: Props) {
  const form = useSchemaForm(fields, rules, { schema: loadSchema, clearOnSuccess: false });
  const [opened, setOpened] = useState<{ receipt: string; denuncia: DenunciaFollowUp }>();
  const [failure, setFailure] = useState<string>();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    setOpened(undefined);
    void form.submit(async ({ receipt }) => {
      const view = loadView().then(
        () => true,
        () => false,
      );
      const answer = await callApi('/api/denuncias/seguimiento', loadAnswer(), { method: 'POST', json: { receipt } });
      if (answer.ok) {
        // The view loads with the request: if it did not arrive (the connection dropped), as offline.
        if (!(await view)) {
          setFailure(messages.genericError);
          return { ok: false };
        }
        setOpened({ receipt, denuncia: answer.body.data.denuncia });
        return { ok: true };
      }
      if (answer.status === 400 && answer.failure.errors) return { ok: false, errors: answer.failure.errors };
      // A wrong code (one message whatever was wrong) or the throttle: the server's words.
      setFailure(
        (answer.status === 404 || answer.status === 429 ? answer.failure.error : undefined) ?? messages.genericError,
      );
      return { ok: false };
    });
  };

  return (
    <>
      {/* POST, should the form ever be sent without the island: the code never goes in a URL. */}
      <form ref={form.formRef} method="post" className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
        <ErrorSummary errors={form.errors} labels={form.labels} />
        {failure && (
          <p role="alert" className="form-error">
            {failure}
          </p>
        )}
        <Field {...form.text('receipt')} />
        <PrivacyNote section="seguimiento-de-denuncias" />
        <button type="submit" className="button" disabled={!form.ready || form.sending}>
          {form.sending && <span className="spinner" aria-hidden="true" />}
          {form.sending ? 'Consultando…' : 'Consultar'}
        </button>
      </form>
      {opened && (
        <Suspense fallback={null}>
          <DenunciaCase
            receipt={opened.receipt}
            denuncia={opened.denuncia}
            replyRules={replyRules}
            onChange={(denuncia) => setOpened({ receipt: opened.receipt, denuncia })}
          />
        </Suspense>
      )}
    </>
  );
}
