import { useState, type SubmitEvent } from 'react';
import type { FieldRules } from '../shared/fields.ts';
import type { JobField } from '../shared/jobs/schema.ts';
import { messages } from '../shared/messages.ts';
import { checkFile, uploadMessages } from '../shared/uploads/texts.ts';
import { followUpLink } from './cases/follow-up/follow-up-link.ts';
import { ErrorSummary } from '../ui/forms/ErrorSummary.tsx';
import { Field } from '../ui/forms/Field.tsx';
import { FileField } from './forms/FileField.tsx';
import { PrivacyNote } from './forms/PrivacyNote.tsx';
import { sendWithFile, type UploadProgress } from '../ui/upload.ts';
import { useSchemaForm, type FieldSpec } from '../ui/forms/use-schema-form.ts';
import { notify } from '../ui/notifications.ts';

const fields = {
  name: { label: 'Nombre', autoComplete: 'name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  rut: { label: 'Rut', hint: 'Con guion y dígito verificador, por ejemplo 12.345.678-5.' },
  address: { label: 'Dirección', autoComplete: 'street-address' },
  file: { label: 'Currículum' },
} satisfies Record<JobField | 'file', FieldSpec>;

const loadSchema = () => import('../shared/jobs/schema.ts').then((module) => module.JobApplicationSchema);

/** /trabaje-con-nosotros (spec §2, §4, §5, §7 POST /api/job); `rules`: `fieldRules(JobApplicationSchema)`. */
export default function JobApplicationForm({ rules }: { rules: FieldRules<JobField> }) {
  const form = useSchemaForm(fields, rules, { schema: loadSchema, draftKey: 'draft:trabaje-con-nosotros' });
  const [file, setFile] = useState<File>();
  const [inputKey, setInputKey] = useState(0);
  const [progress, setProgress] = useState<UploadProgress>();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = file ? checkFile('cv', file.name, file.size) : uploadMessages.missingCv;
    void form.submit(
      async (application) => {
        const answer = await sendWithFile('/api/job', application, file, 'cv', setProgress);
        setProgress(undefined);
        if (answer.ok) {
          const { reference } = answer.body.data;
          notify({
            kind: 'success',
            text: messages.sent,
            detail: `Número de referencia: ${reference}`,
            link: followUpLink(reference),
          });
          setFile(undefined);
          setInputKey((key) => key + 1);
          return { ok: true };
        }
        if (answer.status === 400 && answer.failure.errors) return { ok: false, errors: answer.failure.errors };
        // Spec §8: success false on 200 → the generic message; any other failure → the server's.
        const text = answer.status === 200 || !answer.failure.message ? messages.genericError : answer.failure.message;
        notify({ kind: 'error', text });
        return { ok: false };
      },
      problem ? { file: problem } : {},
    );
  };

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
      <ErrorSummary errors={form.errors} labels={form.labels} />
      <div className="form__row">
        <Field {...form.text('name')} />
        <Field {...form.text('email')} />
      </div>
      <div className="form__row">
        <Field {...form.text('rut')} />
        <Field {...form.text('address')} />
      </div>
      <FileField
        key={inputKey}
        id="file"
        label={fields.file.label}
        hint="Archivo .pdf o .doc de hasta 10 MB."
        accept=".pdf,.doc"
        required
        error={form.errors.file}
        disabled={form.sending}
        progress={progress}
        onChange={(chosen) => {
          setFile(chosen);
          form.setError('file', chosen ? checkFile('cv', chosen.name, chosen.size) : undefined);
        }}
      />
      <PrivacyNote section="postulaciones-de-trabajo" />
      <button type="submit" className="button" disabled={!form.ready || form.sending}>
        {form.sending && <span className="spinner" aria-hidden="true" />}
        {form.sending ? 'Enviando…' : 'Enviar'}
      </button>
    </form>
  );
}
