import { useState, type SubmitEvent } from 'react';
import { JobApplicationSchema, type JobField } from '../shared/jobs.ts';
import { maxLengthOf } from '../shared/fields.ts';
import { messages } from '../shared/messages.ts';
import { checkFile, uploadMessages } from '../shared/uploads.ts';
import { ErrorSummary } from './forms/ErrorSummary.tsx';
import { Field } from './forms/Field.tsx';
import { FileField } from './forms/FileField.tsx';
import { sendWithFile } from './forms/upload.ts';
import { useSchemaForm } from './forms/use-schema-form.ts';
import { notify } from './notifications.ts';

const labels: Record<JobField | 'file', string> = {
  name: 'Nombre',
  email: 'Email',
  rut: 'Rut',
  address: 'Dirección',
  file: 'Currículum',
};
const empty: Record<JobField, string> = { name: '', email: '', rut: '', address: '' };

/** /trabaje-con-nosotros (spec §2, §4, §5, §7 POST /api/job). */
export default function JobApplicationForm() {
  const form = useSchemaForm(JobApplicationSchema, 'draft:trabaje-con-nosotros', empty);
  const [file, setFile] = useState<File>();
  const [inputKey, setInputKey] = useState(0);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = file ? checkFile('cv', file.name, file.size) : uploadMessages.missingCv;
    void form.submit(
      async (application) => {
        const { status, body } = await sendWithFile('/api/job', application, file, 'cv');
        if (status === 200 && body?.success === true) {
          notify({ kind: 'success', text: messages.sent, detail: `Número de referencia: ${body.data!.reference}` });
          setFile(undefined);
          setInputKey((key) => key + 1);
          return { ok: true };
        }
        if (status === 400 && body?.errors) return { ok: false, errors: body.errors };
        // Spec §8: success false on 200 → the generic message; any other failure → the server's.
        notify({ kind: 'error', text: status === 200 || !body?.message ? messages.genericError : body.message });
        return { ok: false };
      },
      problem ? { file: problem } : {},
    );
  };

  const field = (id: JobField, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      id={id}
      label={labels[id]}
      value={form.values[id]}
      onChange={(value) => form.setField(id, value)}
      error={form.errors[id]}
      required={id !== 'address'}
      maxLength={maxLengthOf(JobApplicationSchema.shape[id])}
      disabled={form.sending}
      {...extra}
    />
  );

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
      <ErrorSummary errors={form.errors} labels={labels} />
      <div className="form__row">
        {field('name', { autoComplete: 'name' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
      </div>
      <div className="form__row">
        {field('rut', { hint: 'Con guion y dígito verificador, por ejemplo 12.345.678-5.' })}
        {field('address', { autoComplete: 'street-address' })}
      </div>
      <FileField
        key={inputKey}
        id="file"
        label={labels.file}
        hint="Archivo .pdf o .doc de hasta 10 MB."
        accept=".pdf,.doc"
        required
        error={form.errors.file}
        disabled={form.sending}
        onChange={(chosen) => {
          setFile(chosen);
          form.setError('file', chosen ? checkFile('cv', chosen.name, chosen.size) : undefined);
        }}
      />
      <button type="submit" className="button" disabled={!form.ready || form.sending}>
        {form.sending && <span className="spinner" aria-hidden="true" />}
        {form.sending ? 'Enviando…' : 'Enviar'}
      </button>
    </form>
  );
}
