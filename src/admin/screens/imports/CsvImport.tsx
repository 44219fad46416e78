import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { UploadPurpose } from '../../../shared/uploads/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm, type AdminFormState } from '../../forms/use-admin-form.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { uploadFile } from '../../uploads.ts';

type Stage = { stage: 'idle' } | { stage: 'uploading'; fraction: number } | { stage: 'importing' };

/** One of the billing system's CSV exports, as its screen at Cuentas imports it. */
export interface CsvImportConfig<Values extends FieldValues & { file: File }, Report> {
  title: string;
  /** What the file is and what the import does with it. */
  intro: ReactNode;
  purpose: UploadPurpose;
  /** The import's endpoint, which reads the upload and answers `{ report }`. */
  endpoint: string;
  schema: z.ZodMiniType<Values, FieldValues>;
  labels: Record<string, string> & { file: string };
  defaultValues: DefaultValues<FieldValues>;
  fileHint: string;
  /** The form's fields beside the file (the accounts' export time). */
  fields?: (field: AdminFormState['field']) => ReactNode;
  /** What the endpoint takes beside the upload. */
  body: (values: Values) => Record<string, unknown>;
  answer: z.ZodMiniType<{ report: Report }>;
  report: (report: Report) => ReactNode;
}

/**
 * The screen of an import at Cuentas: the file goes in chunks to /api/uploads, then the export's
 * endpoint reads it and answers the report shown below the form (ImportReport).
 */
export function CsvImport<Values extends FieldValues & { file: File }, Report>({
  config,
}: {
  config: CsvImportConfig<Values, Report>;
}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Stage>({ stage: 'idle' });
  const [report, setReport] = useState<Report>();
  const formElement = useRef<HTMLFormElement>(null);
  const { form, field, ...shell } = useAdminForm({
    schema: config.schema,
    labels: config.labels,
    defaultValues: config.defaultValues,
    send: async (values) => {
      setReport(undefined);
      try {
        setProgress({ stage: 'uploading', fraction: 0 });
        const uploadId = await uploadFile(values.file, config.purpose, (fraction) =>
          setProgress({ stage: 'uploading', fraction }),
        );
        setProgress({ stage: 'importing' });
        const answer = await apiRequest(config.endpoint, config.answer, {
          method: 'POST',
          body: { uploadId, ...config.body(values) },
        });
        // A second import needs its own file. The browser keeps a chosen file until its own form is
        // reset; react-hook-form resets only its values.
        formElement.current?.reset();
        form.reset({ ...config.defaultValues, file: undefined });
        setReport(answer.report);
        void queryClient.invalidateQueries({ queryKey: ['audit'] });
      } finally {
        setProgress({ stage: 'idle' });
      }
    },
  });

  return (
    <>
      <PageTitle>{config.title}</PageTitle>
      {config.intro}
      <AdminForm form={shell} ref={formElement}>
        <TextInput {...field('file')} type="file" required accept=".csv,text/csv" hint={config.fileHint} />
        {config.fields?.(field as AdminFormState['field'])}
        <div className="form__actions">
          <SubmitButton
            pending={shell.pending}
            label="Importar"
            pendingLabel={progress.stage === 'importing' ? 'Importando…' : 'Subiendo el archivo…'}
          />
          {progress.stage === 'uploading' && (
            <progress max={1} value={progress.fraction} aria-label="Progreso de la subida" />
          )}
        </div>
      </AdminForm>
      {report !== undefined && config.report(report)}
    </>
  );
}
