import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  AccountsImportAnswerSchema,
  AccountsImportFormSchema,
  type AccountsImportReport,
} from '../../../shared/accounts/schema.ts';
import { chileNow } from '../../../shared/time/wall-clock.ts';
import { apiRequest } from '../../api-client.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { uploadFile } from '../../uploads.ts';
import { AccountsNav } from './AccountsNav.tsx';
import { ImportReport } from './ImportReport.tsx';

const labels = { file: 'Archivo CSV de cuentas', exportedAt: 'Fecha y hora de la exportación' };

type Stage = { stage: 'idle' } | { stage: 'uploading'; fraction: number } | { stage: 'importing' };

/**
 * /admin/cuentas/importar: the billing system's CSV export of every service's debt, which /boleta
 * shows and /pago charges. The file goes in chunks to /api/uploads, then
 * POST /api/admin/accounts/import reads it and answers the report shown below the form.
 */
export default function AccountsImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Stage>({ stage: 'idle' });
  const [report, setReport] = useState<AccountsImportReport>();
  const formElement = useRef<HTMLFormElement>(null);
  const { form, field, ...shell } = useAdminForm({
    schema: AccountsImportFormSchema,
    labels,
    defaultValues: { exportedAt: '' },
    send: async ({ file, exportedAt }) => {
      setReport(undefined);
      try {
        setProgress({ stage: 'uploading', fraction: 0 });
        const uploadId = await uploadFile(file, 'accounts', (fraction) =>
          setProgress({ stage: 'uploading', fraction }),
        );
        setProgress({ stage: 'importing' });
        const answer = await apiRequest('/api/admin/accounts/import', AccountsImportAnswerSchema, {
          method: 'POST',
          body: { uploadId, exportedAt },
        });
        // A second import needs its own file and its own export time. The browser keeps a chosen
        // file until its own form is reset; react-hook-form resets only its values.
        formElement.current?.reset();
        form.reset({ file: undefined, exportedAt: '' });
        setReport(answer.report);
        void queryClient.invalidateQueries({ queryKey: ['audit'] });
      } finally {
        setProgress({ stage: 'idle' });
      }
    },
  });

  return (
    <>
      <PageTitle>Importar cuentas</PageTitle>
      <AccountsNav />
      <p>
        El archivo CSV que exporta el sistema de facturación da el saldo de cada número de servicio: lo que los clientes
        consultan en Mi boleta y pagan en Pagar mi cuenta. Las cuentas del archivo se agregan o se actualizan; las que
        no están en él no cambian.
      </p>
      <AdminForm form={shell} ref={formElement}>
        <TextInput
          {...field('file')}
          type="file"
          required
          accept=".csv,text/csv"
          hint="En la primera línea, las columnas service_number, balance, install_address, expiration_date y doc_url, separadas por punto y coma o por coma; texto en UTF-8; hasta 5 MB."
        />
        <TextInput
          {...field('exportedAt')}
          type="datetime-local"
          required
          max={chileNow()}
          className="input--datetime"
          hint="Cuándo generó el archivo el sistema de facturación, en hora de Chile. Las cuentas pagadas en línea después de ese momento conservan su saldo actual, para no volver a cobrar una deuda ya pagada. Si no la sabe con exactitud, indique una hora anterior."
        />
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
      {report && <ImportReport report={report} />}
    </>
  );
}
