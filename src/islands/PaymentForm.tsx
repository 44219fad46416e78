import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { BillRequestSchema, billingMessages, paymentMethods, type PaymentMethod } from '../shared/billing.ts';
import { fieldErrors } from '../shared/fields.ts';
import { postJson } from './api.ts';
import { ChoiceField } from './forms/ChoiceField.tsx';
import { ErrorSummary } from './forms/ErrorSummary.tsx';
import { Field } from './forms/Field.tsx';
import { useHydrated } from './use-hydrated.ts';

const empty = {
  serviceNumber: '',
  email: '',
  billingType: 'boleta',
  company: '',
  rut: '',
  activity: '',
  billingAddress: '',
  billingCommune: '',
  billingCity: '',
};
type Values = typeof empty;
const labels: Record<string, string> = {
  paymentOption: 'Medio de pago',
  serviceNumber: 'Número de servicio',
  email: 'Correo electrónico',
  company: 'Razón social',
  rut: 'RUT de la empresa',
  activity: 'Giro',
  billingAddress: 'Dirección de facturación',
  billingCommune: 'Comuna',
  billingCity: 'Ciudad',
};
const methodByLabel = Object.fromEntries(
  Object.entries(paymentMethods).map(([code, label]) => [label, code]),
) as Record<string, PaymentMethod>;

interface PaymentData {
  success: boolean;
  data: { payment_method: string; tbk_url?: string; token?: string; errorMessage?: string };
}

/** /pago (spec §2, §4 Payment, §5, §7 POST /api/bills/new, §8). */
export default function PaymentForm({ billPaymentPortal }: { billPaymentPortal: string }) {
  const [values, setValues] = useState<Values>(empty);
  const [method, setMethod] = useState<PaymentMethod>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [webpay, setWebpay] = useState<{ url: string; token: string }>();
  const webpayForm = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const set = (name: keyof Values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  // Spec §4 step 3: the browser posts token_ws to the provider's URL.
  useEffect(() => {
    if (webpay) webpayForm.current?.submit();
  }, [webpay]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    if (!method) {
      setErrors({ paymentOption: billingMessages.chooseMethod });
      return;
    }
    if (method === 'servipag') {
      window.location.assign(billPaymentPortal);
      return;
    }
    const request = { ...values, paymentOption: method };
    const parsed = BillRequestSchema.safeParse(request);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setLoading(true);
    const { status, body } = await postJson<{ paymentData?: PaymentData }>('/api/bills/new', parsed.data);
    const paymentData = body?.paymentData;
    if (status === 201 && paymentData?.success && paymentData.data.tbk_url && paymentData.data.token) {
      setWebpay({ url: paymentData.data.tbk_url, token: paymentData.data.token });
      return;
    }
    setLoading(false);
    if (status === 201 && paymentData) setFailure(paymentData.data.errorMessage ?? billingMessages.otherError);
    else if (status === 400) setFailure(billingMessages.noDebt);
    else if (status === 404) setFailure(billingMessages.unknownService);
    else setFailure(billingMessages.otherError);
  };

  const field = (id: keyof Values, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={id}
      label={label}
      value={values[id]}
      onChange={set(id)}
      error={errors[id]}
      disabled={loading}
      required
      {...extra}
    />
  );

  return (
    <>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={loading}>
        <ErrorSummary errors={errors} labels={labels} />
        <ChoiceField
          name="paymentOption"
          legend="Medio de pago"
          options={Object.values(paymentMethods)}
          value={method ? paymentMethods[method] : ''}
          onChange={(label) => setMethod(methodByLabel[label])}
          error={errors.paymentOption}
        />
        {method !== 'servipag' && (
          <>
            {field('serviceNumber', 'Número de servicio', {
              hint: 'Aparece en su boleta. Ingréselo sin dígito verificador.',
              maxLength: 12,
            })}
            {field('email', 'Correo electrónico', {
              type: 'email',
              autoComplete: 'email',
              hint: 'Le enviaremos el comprobante de pago.',
              maxLength: 80,
            })}
            <ChoiceField
              name="billingType"
              legend="Documento tributario"
              options={['Boleta', 'Factura']}
              value={values.billingType === 'factura' ? 'Factura' : 'Boleta'}
              onChange={(label) => set('billingType')(label.toLowerCase())}
            />
            {values.billingType === 'factura' && (
              <>
                <div className="form__row">
                  {field('company', 'Razón social', { maxLength: 120 })}
                  {field('rut', 'RUT de la empresa', { maxLength: 12 })}
                </div>
                {field('activity', 'Giro', { maxLength: 120 })}
                {field('billingAddress', 'Dirección de facturación', { maxLength: 150 })}
                <div className="form__row">
                  {field('billingCommune', 'Comuna', { maxLength: 80 })}
                  {field('billingCity', 'Ciudad', { maxLength: 80 })}
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
        <button type="submit" className="button" disabled={!hydrated || loading}>
          {loading && <span className="spinner" aria-hidden="true" />}
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
