import { useRef, useState, type SubmitEvent } from 'react';
import {
  contactTimes,
  denunciaCaps,
  denunciaMessages,
  DenunciaSchema,
  denunciaTypes,
  durations,
  knowledgeSources,
  places,
  relations,
  stepOneComplete,
  yesNoUnknown,
  type DenunciaField,
} from '../shared/denuncias.ts';
import { CONFIRMATION_KEY } from '../shared/denuncia-confirmation.ts';
import { fieldErrors } from '../shared/fields.ts';
import { checkFile } from '../shared/uploads.ts';
import { ChoiceField } from './forms/ChoiceField.tsx';
import { ErrorSummary } from './forms/ErrorSummary.tsx';
import { Field } from './forms/Field.tsx';
import { FileField } from './forms/FileField.tsx';
import { SelectField } from './forms/SelectField.tsx';
import { sendWithFile } from './forms/upload.ts';

// Confidential: nothing typed here is kept in the browser's storage (no draft), by design.
const empty = Object.fromEntries(Object.keys(DenunciaSchema.shape).map((key) => [key, ''])) as Record<
  DenunciaField,
  string
>;
const toOptions = (labels: Record<string, string>) => Object.values(labels).map((label) => ({ value: label, label }));
/** Spec §5: the cap less one, so a value stays strictly shorter than the cap. */
const limit = (field: keyof typeof denunciaCaps) => denunciaCaps[field] - 1;

const labels: Partial<Record<DenunciaField | 'file', string>> = {
  email: 'Correo electrónico',
  denunciaRelacionText: 'Relación con la empresa',
  denunciaLugarText: 'Lugar',
  denunciaKnowledgeText: 'Cómo se enteró',
  denunciaText: 'Relato de los hechos',
  file: 'Archivo adjunto',
};

/** /denuncias (spec §2, §4, §5, §7): two steps, then POST /api/denuncias and back to /compliance. */
export default function DenunciaForm() {
  const [values, setValues] = useState(empty);
  const [step, setStep] = useState<1 | 2>(1);
  const [file, setFile] = useState<File>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const set = (field: DenunciaField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const text = (field: keyof typeof denunciaCaps, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={field}
      label={label}
      value={values[field]}
      onChange={set(field)}
      maxLength={limit(field)}
      error={errors[field]}
      disabled={sending}
      {...extra}
    />
  );
  const go = (next: 1 | 2) => {
    setStep(next);
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  const canSend = stepOneComplete(values) && values.denunciaText.trim() !== '' && !sending;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    const parsed = DenunciaSchema.safeParse(values);
    const fileProblem = file ? checkFile('denuncia', file.name, file.size) : undefined;
    if (!parsed.success || fileProblem) {
      setErrors({
        ...(parsed.success ? {} : fieldErrors(parsed.error)),
        ...(fileProblem ? { file: fileProblem } : {}),
      });
      return;
    }
    setErrors({});
    setFailure(undefined);
    setSending(true);
    const { status, body } = await sendWithFile('/api/denuncias', values, file, 'denuncia');
    if (status === 200 && body?.success === true && body.data) {
      try {
        sessionStorage.setItem(CONFIRMATION_KEY, body.data.reference);
      } catch {
        // Storage disabled: /compliance shows no confirmation, the denuncia is still received.
      }
      window.location.assign('/compliance');
      return;
    }
    setSending(false);
    if (status === 400 && body?.errors) setErrors(body.errors);
    // Spec §8: success false → the generic text; a request error → the server's text if any.
    setFailure(status === 200 ? denunciaMessages.failed : body?.error || denunciaMessages.failed);
  };

  return (
    <form className="form denuncia" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <p className="denuncia__progress">Paso {step} de 2</p>
      <ErrorSummary errors={errors} labels={labels as Record<string, string>} />
      {step === 1 ? (
        <>
          <h2 ref={stepHeading} tabIndex={-1}>
            Antecedentes de la denuncia
          </h2>
          <details className="info-panel">
            <summary>¿Qué puedo denunciar?</summary>
            <p>
              Hechos que puedan constituir alguno de los delitos de la Ley N° 20.393, infracciones al Código de Ética,
              situaciones de acoso laboral o sexual, o de violencia en el trabajo. También puede hacer consultas sobre
              el Modelo de Prevención de Delitos.
            </p>
          </details>
          <details className="info-panel">
            <summary>¿Cómo se protege mi identidad?</summary>
            <p>
              Puede denunciar sin identificarse. Si entrega sus datos, solo los conocerá el Encargado de Prevención de
              Delitos, y la empresa no permite represalias contra quien denuncie de buena fe.
            </p>
          </details>
          <ChoiceField
            name="denunciaRelacion"
            legend="¿Cuál es su relación con la empresa?"
            options={Object.values(relations)}
            value={values.denunciaRelacion}
            onChange={set('denunciaRelacion')}
            error={errors.denunciaRelacion}
          />
          {values.denunciaRelacion === relations.otro &&
            text('denunciaRelacionText', 'Indique su relación con la empresa')}
          <ChoiceField
            name="denunciaLugar"
            legend="¿Dónde ocurrieron los hechos?"
            options={Object.values(places)}
            value={values.denunciaLugar}
            onChange={set('denunciaLugar')}
            error={errors.denunciaLugar}
          />
          {values.denunciaLugar === places.otro && text('denunciaLugarText', 'Indique el lugar')}
          <SelectField
            id="denunciaType"
            label="Tipo de denuncia"
            placeholder="Seleccione el tipo de denuncia"
            value={values.denunciaType}
            options={toOptions(denunciaTypes)}
            onChange={set('denunciaType')}
            error={errors.denunciaType}
          />
          <button type="button" className="button" disabled={!stepOneComplete(values)} onClick={() => go(2)}>
            Continuar
          </button>
        </>
      ) : (
        <>
          <h2 ref={stepHeading} tabIndex={-1}>
            Detalle de la denuncia
          </h2>
          <p className="notice">
            Su denuncia es confidencial. Puede hacerla sin identificarse; si nos deja un medio de contacto, solo lo
            usaremos para investigar los hechos.
          </p>
          <div className="form__row">
            {text('name', 'Nombre', { autoComplete: 'given-name' })}
            {text('lastName', 'Apellido', { autoComplete: 'family-name' })}
          </div>
          <div className="form__row">
            {text('phone', 'Teléfono', { type: 'tel', autoComplete: 'tel' })}
            <SelectField
              id="contactTime"
              label="Horario para contactarlo (opcional)"
              placeholder="Sin preferencia"
              value={values.contactTime}
              options={toOptions(contactTimes)}
              onChange={set('contactTime')}
              error={errors.contactTime}
            />
          </div>
          {text('email', 'Correo electrónico', { type: 'email', autoComplete: 'email' })}
          <div className="form__row">
            {text('denunciaDate', 'Fecha de los hechos', {
              hint: 'Puede ser aproximada, por ejemplo «marzo de 2026».',
            })}
            <SelectField
              id="denunciaTime"
              label="¿Desde cuándo ocurre? (opcional)"
              placeholder="Seleccione"
              value={values.denunciaTime}
              options={toOptions(durations)}
              onChange={set('denunciaTime')}
              error={errors.denunciaTime}
            />
          </div>
          {text('denunciaPlace', 'Lugar de los hechos')}
          <SelectField
            id="denunciaKnowledge"
            label="¿Cómo se enteró? (opcional)"
            placeholder="Seleccione"
            value={values.denunciaKnowledge}
            options={toOptions(knowledgeSources)}
            onChange={set('denunciaKnowledge')}
            error={errors.denunciaKnowledge}
          />
          {values.denunciaKnowledge === knowledgeSources.other &&
            text('denunciaKnowledgeText', 'Indique cómo se enteró')}
          <ChoiceField
            name="denunciaIdentification"
            legend="¿Puede identificar a las personas involucradas? (opcional)"
            options={Object.values(yesNoUnknown)}
            value={values.denunciaIdentification}
            onChange={set('denunciaIdentification')}
          />
          <ChoiceField
            name="denunciaCoverup"
            legend="¿Cree que alguien está ocultando los hechos? (opcional)"
            options={Object.values(yesNoUnknown)}
            value={values.denunciaCoverup}
            onChange={set('denunciaCoverup')}
          />
          <ChoiceField
            name="denunciaAuthority"
            legend="¿Informó los hechos a alguna autoridad o jefatura? (opcional)"
            options={Object.values(yesNoUnknown)}
            value={values.denunciaAuthority}
            onChange={set('denunciaAuthority')}
          />
          <FileField
            id="file"
            label="Archivo adjunto"
            hint="Hasta 10 MB. Formatos: jpg, jpeg, png, gif, mp3, mp4, mov, wmv, doc, docx, xls, xlsx, txt, ppt, pptx o heic."
            error={errors.file}
            disabled={sending}
            onChange={(chosen) => {
              setFile(chosen);
              const problem = chosen ? checkFile('denuncia', chosen.name, chosen.size) : undefined;
              setErrors(({ file: _, ...rest }) => (problem ? { ...rest, file: problem } : rest));
            }}
          />
          {text('denunciaText', 'Relato de los hechos', {
            multiline: true,
            required: true,
            hint: `Describa qué ocurrió, quiénes participaron y cómo. Hasta ${limit('denunciaText')} caracteres.`,
          })}
          {failure && (
            <p className="form-error" role="alert">
              {failure}
            </p>
          )}
          <div className="form__actions">
            <button type="button" className="button button--secondary" disabled={sending} onClick={() => go(1)}>
              Volver
            </button>
            <button type="submit" className="button" disabled={!canSend}>
              {sending && <span className="spinner" aria-hidden="true" />}
              {sending ? 'Cargando...' : 'Enviar'}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
