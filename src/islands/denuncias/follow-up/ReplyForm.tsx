import { useState, type SubmitEvent } from 'react';
import { MESSAGE_CAP } from '../../../shared/denuncias/case/schema.ts';
import type { DenunciaFollowUp, ReporterMessage } from '../../../shared/denuncias/follow-up/schema.ts';
import type { FieldRules } from '../../../shared/fields.ts';
import { messages } from '../../../shared/messages.ts';
import { checkFile } from '../../../shared/uploads/texts.ts';
import { ErrorSummary } from '../../../ui/forms/ErrorSummary.tsx';
import { Field } from '../../../ui/forms/Field.tsx';
import { FileField } from '../../forms/FileField.tsx';
import { postWithFile, type UploadProgress } from '../../../ui/upload.ts';
import { useSchemaForm, type FieldSpec } from '../../../ui/forms/use-schema-form.ts';

const fields = {
  body: {
    label: 'Su mensaje',
    multiline: true,
    hint: `Responda las preguntas o aporte nuevos antecedentes. Hasta ${MESSAGE_CAP - 1} caracteres.`,
  },
  file: { label: 'Archivo adjunto' },
} satisfies Record<'body' | 'file', FieldSpec>;

const followUp = () => import('../../../shared/denuncias/follow-up/schema.ts');
const loadSchema = () => followUp().then((module) => module.ReporterMessageSchema);
const loadAnswer = () => followUp().then((module) => module.DenunciaFollowUpAnswerSchema);

interface Props {
  receipt: string;
  /** `fieldRules(ReporterMessageSchema)`. */
  rules: FieldRules<keyof ReporterMessage>;
  onSent: (denuncia: DenunciaFollowUp) => void;
}

/**
 * The reporter's answer: a text with the narrative's cap and messages, and an optional
 * file with the denuncia form's 10 MB rule and chunked upload. Confidential: no draft is kept.
 */
export function ReplyForm({ receipt, rules, onSent }: Props) {
  const form = useSchemaForm(fields, rules, { schema: loadSchema, toInput: (values) => ({ ...values, receipt }) });
  const [file, setFile] = useState<File>();
  // A new key empties the file input once its file is sent.
  const [fileInput, setFileInput] = useState(0);
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState(false);
  const [progress, setProgress] = useState<UploadProgress>();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    setSent(false);
    const fileProblem = file ? checkFile('denuncia', file.name, file.size) : undefined;
    void form.submit(
      async (message) => {
        const answer = await postWithFile(
          '/api/denuncias/seguimiento/mensajes',
          loadAnswer,
          message,
          file,
          'denuncia',
          setProgress,
        );
        setProgress(undefined);
        if (answer.ok) {
          setFile(undefined);
          setFileInput((key) => key + 1);
          setSent(true);
          onSent(answer.body.data.denuncia);
          return { ok: true };
        }
        if (answer.status === 400 && answer.failure.errors) return { ok: false, errors: answer.failure.errors };
        setFailure(answer.failure.error || messages.genericError);
        return { ok: false };
      },
      fileProblem ? { file: fileProblem } : {},
    );
  };

  return (
    <form ref={form.formRef} className="form denuncia-reply" noValidate onSubmit={onSubmit} aria-busy={form.sending}>
      <h3>Responder</h3>
      <ErrorSummary errors={form.errors} labels={form.labels} />
      <Field {...form.text('body')} />
      <FileField
        key={fileInput}
        id="file"
        label={fields.file.label}
        hint="Hasta 10 MB. Formatos: jpg, jpeg, png, gif, mp3, mp4, mov, wmv, doc, docx, xls, xlsx, txt, ppt, pptx o heic."
        error={form.errors.file}
        disabled={form.sending}
        progress={progress}
        onChange={(chosen) => {
          setFile(chosen);
          form.setError('file', chosen ? checkFile('denuncia', chosen.name, chosen.size) : undefined);
        }}
      />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <p role="status" className="denuncia-reply__sent">
        {sent && messages.sent}
      </p>
      <button type="submit" className="button" disabled={!form.ready || form.sending}>
        {form.sending && <span className="spinner" aria-hidden="true" />}
        {form.sending ? 'Enviando…' : 'Enviar mensaje'}
      </button>
    </form>
  );
}
