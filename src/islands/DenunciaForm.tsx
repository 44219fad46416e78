import { useRef, useState, type SubmitEvent } from 'react';
import {
  contactTimes,
  denunciaCaps,
  denunciaMessages,
  denunciaTypes,
  durations,
  knowledgeSources,
  places,
  relations,
  stepOneComplete,
  yesNoUnknown,
} from '../shared/denuncias/texts.ts';
import { CONFIRMATION_KEY, confirmationValue } from '../shared/denuncias/confirmation/texts.ts';
import type { DenunciaField } from '../shared/denuncias/schema.ts';
import type { FieldRules } from '../shared/fields.ts';
import { checkFile } from '../shared/uploads/texts.ts';
import { ChoiceField } from './forms/ChoiceField.tsx';
import { ErrorSummary } from '../ui/forms/ErrorSummary.tsx';
import { Field } from '../ui/forms/Field.tsx';
import { FileField } from './forms/FileField.tsx';
import { PrivacyNote } from './forms/PrivacyNote.tsx';
import { labelOptions, SelectField } from './forms/SelectField.tsx';
import { sendWithFile, type UploadProgress } from '../ui/upload.ts';
import { useSchemaForm, type FieldSpec } from '../ui/forms/use-schema-form.ts';

const fields = {
  denunciaRelacion: { label: '¿Cuál es su relación con la empresa?' },
  denunciaRelacionText: { label: 'Indique su relación con la empresa', required: true },
  denunciaLugar: { label: '¿Dónde ocurrieron los hechos?' },
  denunciaLugarText: { label: 'Indique el lugar', required: true },
  denunciaType: { label: 'Tipo de denuncia' },
  name: { label: 'Nombre', autoComplete: 'given-name' },
  lastName: { label: 'Apellido', autoComplete: 'family-name' },
  phone: { label: 'Teléfono', type: 'tel', autoComplete: 'tel' },
  contactTime: { label: 'Horario para contactarlo' },
  email: { label: 'Correo electrónico', type: 'email', autoComplete: 'email' },
  denunciaDate: { label: 'Fecha de los hechos', hint: 'Puede ser aproximada, por ejemplo «marzo de 2026».' },
  denunciaTime: { label: '¿Desde cuándo ocurre?' },
  denunciaPlace: { label: 'Lugar de los hechos' },
  denunciaKnowledge: { label: '¿Cómo se enteró?' },
  denunciaKnowledgeText: { label: 'Indique cómo se enteró', required: true },
  denunciaIdentification: { label: '¿Puede identificar a las personas involucradas?' },
  denunciaCoverup: { label: '¿Cree que alguien está ocultando los hechos?' },
  denunciaAuthority: { label: '¿Informó los hechos a alguna autoridad o jefatura?' },
  file: { label: 'Archivo adjunto' },
  denunciaText: {
    label: 'Relato de los hechos',
    multiline: true,
    hint: `Describa qué ocurrió, quiénes participaron y cómo. Hasta ${denunciaCaps.denunciaText - 1} caracteres.`,
  },
} satisfies Record<DenunciaField | 'file', FieldSpec>;

const loadSchema = () => import('../shared/denuncias/schema.ts').then((module) => module.DenunciaSchema);

/**
 * /denuncias (spec §2, §4, §5, §7): two steps, then POST /api/denuncias and on to /compliance.
 * Confidential: no draft, so nothing typed here is kept in the browser's storage.
 * `rules`: `fieldRules(DenunciaSchema)`.
 */
export default function DenunciaForm({ rules }: { rules: FieldRules<DenunciaField> }) {
  const form = useSchemaForm(fields, rules, { schema: loadSchema });
  const [step, setStep] = useState<1 | 2>(1);
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<UploadProgress>();
  const [failure, setFailure] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const { values } = form;

  const go = (next: 1 | 2) => {
    setStep(next);
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  // Spec §4: Enviar waits for step 1's choices and the narrative, and is disabled while sending.
  const sending = form.sending || leaving;
  const canSend = stepOneComplete(values) && values.denunciaText.trim() !== '' && !sending;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    setFailure(undefined);
    const fileProblem = file ? checkFile('denuncia', file.name, file.size) : undefined;
    void form.submit(
      async (denuncia) => {
        const answer = await sendWithFile('/api/denuncias', denuncia, file, 'denuncia', setProgress);
        setProgress(undefined);
        if (answer.ok) {
          setLeaving(true);
          try {
            const { reference, receipt = '' } = answer.body.data;
            sessionStorage.setItem(CONFIRMATION_KEY, confirmationValue({ reference, receipt }));
          } catch {
            // Storage disabled: /compliance shows no confirmation, the denuncia is still received.
          }
          window.location.assign('/compliance');
          return { ok: true };
        }
        // Spec §8: success false → the generic text; a request error → the server's text if any.
        setFailure(answer.status === 200 ? denunciaMessages.failed : answer.failure.error || denunciaMessages.failed);
        return { ok: false, errors: answer.status === 400 ? answer.failure.errors : undefined };
      },
      fileProblem ? { file: fileProblem } : {},
    );
  };

  return (
    <form ref={form.formRef} className="form denuncia" noValidate onSubmit={onSubmit} aria-busy={sending}>
      <p className="denuncia__progress">Paso {step} de 2</p>
      <ErrorSummary errors={form.errors} labels={form.labels} />
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
          <ChoiceField {...form.choice('denunciaRelacion')} options={labelOptions(relations)} />
          {values.denunciaRelacion === relations.otro && <Field {...form.text('denunciaRelacionText')} />}
          <ChoiceField {...form.choice('denunciaLugar')} options={labelOptions(places)} />
          {values.denunciaLugar === places.otro && <Field {...form.text('denunciaLugarText')} />}
          <SelectField
            {...form.select('denunciaType')}
            placeholder="Seleccione el tipo de denuncia"
            options={labelOptions(denunciaTypes)}
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
            <Field {...form.text('name')} />
            <Field {...form.text('lastName')} />
          </div>
          <div className="form__row">
            <Field {...form.text('phone')} />
            <SelectField
              {...form.select('contactTime')}
              placeholder="Sin preferencia"
              options={labelOptions(contactTimes)}
            />
          </div>
          <Field {...form.text('email')} />
          <div className="form__row">
            <Field {...form.text('denunciaDate')} />
            <SelectField {...form.select('denunciaTime')} placeholder="Seleccione" options={labelOptions(durations)} />
          </div>
          <Field {...form.text('denunciaPlace')} />
          <SelectField
            {...form.select('denunciaKnowledge')}
            placeholder="Seleccione"
            options={labelOptions(knowledgeSources)}
          />
          {values.denunciaKnowledge === knowledgeSources.other && <Field {...form.text('denunciaKnowledgeText')} />}
          <ChoiceField {...form.choice('denunciaIdentification')} options={labelOptions(yesNoUnknown)} />
          <ChoiceField {...form.choice('denunciaCoverup')} options={labelOptions(yesNoUnknown)} />
          <ChoiceField {...form.choice('denunciaAuthority')} options={labelOptions(yesNoUnknown)} />
          <FileField
            id="file"
            label={fields.file.label}
            hint="Hasta 10 MB. Formatos: jpg, jpeg, png, gif, mp3, mp4, mov, wmv, doc, docx, xls, xlsx, txt, ppt, pptx o heic."
            error={form.errors.file}
            disabled={sending}
            progress={progress}
            onChange={(chosen) => {
              setFile(chosen);
              form.setError('file', chosen ? checkFile('denuncia', chosen.name, chosen.size) : undefined);
            }}
          />
          <Field {...form.text('denunciaText')} />
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
      <PrivacyNote section="denuncias-confidenciales" />
    </form>
  );
}
