import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { paymentMessages, paymentMethods } from '../shared/payments/texts.ts';
import type { FieldRules } from '../shared/fields.ts';
import { callApi } from '../ui/api.ts';
import { ChoiceField } from './forms/ChoiceField.tsx';
import { ErrorSummary } from '../ui/forms/ErrorSummary.tsx';
import { Field } from '../ui/forms/Field.tsx';
import { PrivacyNote } from './forms/PrivacyNote.tsx';
import { useSchemaForm, type FieldSpec } from '../ui/forms/use-schema-form.ts';

const fields = {
  paymentOption: { label: 'Medio de pago' },
  serviceNumber: {
    label: 'Número de servicio',
    hint: 'Aparece en su boleta. Ingréselo sin dígito verificador.',
    inputMode: 'numeric',
  },
  email: {
    label: 'Correo electrónico',
    type: 'email',
    autoComplete: 'email',
    hint: 'Para recibir el comprobante de pago. El comprobante también se muestra al terminar el pago.',
  },
  billingType: { label: 'Documento tributario', required: true },
  company: { label: 'Razón social', required: true },
  rut: { label: 'RUT de la empresa', required: true },
  activity: { label: 'Giro', required: true },
  billingAddress: { label: 'Dirección de facturación', required: true },
  billingCommune: { label: 'Comuna', required: true },
  billingCity: { label: 'Ciudad', required: true },
} satisfies Record<string, FieldSpec>;

const billing = () => import('../shared/payments/schema.ts');
const loadSchema = () => billing().then((module) => module.BillRequestSchema);

const methodOptions = Object.entries(paymentMethods).map(([value, label]) => ({ value, label }));
const billingTypeOptions = [
  { value: 'boleta', label: 'Boleta' },
  { value: 'factura', label: 'Factura' },
];

interface PaymentFormProps {
  /** `fieldRules(BillRequestSchema)`. */
  rules: FieldRules;
  billPaymentPortal: string;
  /** The utility's contact e-mail, in spec §8's message for an unexpected failure. */
  contactEmail: string;
}

/** /pago (spec §2, §4 Payment, §5, §7 POST /api/bills/new, §8). */
export default function PaymentForm({ rules, billPaymentPortal, contactEmail }: PaymentFormProps) {
  const form = useSchemaForm(fields, rules, {
    schema: loadSchema,
    draftKey: 'draft:pago',
    initial: { billingType: 'boleta' },
  });
  const [failure, setFailure] = useState<string>();
  const [webpay, setWebpay] = useState<{ url: string; token: string }>();
  const webpayForm = useRef<HTMLFormElement>(null);
  const method = form.values.paymentOption;

  // Spec §4 step 3: the browser posts token_ws to the provider's URL.
  useEffect(() => {
    if (webpay) webpayForm.current?.submit();
  }, [webpay]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (webpay) return;
    setFailure(undefined);
    // Spec §5: the method first; the service number only matters once Webpay is chosen.
    if (!method) return form.showErrors({ paymentOption: paymentMessages.chooseMethod });
    if (method === 'servipag') return window.location.assign(billPaymentPortal);
    void form.submit(async (request) => {
      const answer = await callApi(
        '/api/bills/new',
        billing().then((module) => module.BillNextStepSchema),
        { method: 'POST', json: request },
      );
      if (answer.ok) {
        const { paymentData } = answer.body;
        if (paymentData.success) {
          setWebpay({ url: paymentData.data.tbk_url, token: paymentData.data.token });
          return { ok: true };
        }
        setFailure(paymentData.data.errorMessage);
      } else if (answer.status === 422 && answer.failure.errors) return { ok: false, errors: answer.failure.errors };
      // Spec §8: 400 no debt, 404 unknown service, any other code the contact message.
      else if (answer.status === 400) setFailure(paymentMessages.noDebt);
      else if (answer.status === 404) setFailure(paymentMessages.unknownService);
      else setFailure(paymentMessages.otherError(contactEmail));
      return { ok: false };
    });
  };

  const busy = form.sending || webpay !== undefined;
  return (
    <>
      <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <ErrorSummary errors={form.errors} labels={form.labels} />
        <ChoiceField {...form.choice('paymentOption')} options={methodOptions} />
        {method !== 'servipag' && (
          <>
            <Field {...form.text('serviceNumber')} />
            <Field {...form.text('email')} />
            <ChoiceField {...form.choice('billingType')} options={billingTypeOptions} />
            {form.values.billingType === 'factura' && (
              <>
                <div className="form__row">
                  <Field {...form.text('company')} />
                  <Field {...form.text('rut')} />
                </div>
                <Field {...form.text('activity')} />
                <Field {...form.text('billingAddress')} />
                <div className="form__row">
                  <Field {...form.text('billingCommune')} />
                  <Field {...form.text('billingCity')} />
                </div>
              </>
            )}
          </>
        )}
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <PrivacyNote section="pago-de-cuentas" />
        <button type="submit" className="button" disabled={!form.ready || busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          Pagar
        </button>
      </form>
      {webpay && (
        <form ref={webpayForm} method="post" action={webpay.url} hidden>
          <input type="hidden" name="token_ws" value={webpay.token} />
        </form>
      )}
    </>
  );
}
