import { Controller } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ReportInputSchema, type Report } from '../../../shared/news/schema.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { CheckboxInput } from '../../forms/CheckboxInput.tsx';
import { FileUrlInput } from '../../forms/FileUrlInput.tsx';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { RichTextEditor } from '../../forms/RichTextEditor.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { reports, PUBLIC_DELAY_NOTE } from '../../resources.ts';

/** /admin/comunicados/nuevo and /{reportId}/editar. */
export default function NewsEditor() {
  const { reportId } = useParams();
  if (!reportId) return <ReportForm />;
  return <EditReport id={reportId} />;
}

function EditReport({ id }: { id: string }) {
  const item = reports.useItem(id);
  return <QueryView query={item}>{(report) => <ReportForm report={report} />}</QueryView>;
}

const labels = {
  active: 'Activo',
  order: 'Orden',
  short_title: 'Título corto',
  title: 'Título',
  name: 'Nombre',
  url_file: 'Archivo',
  url_file_2: 'Segundo archivo',
  text: 'Texto',
};

function ReportForm({ report }: { report?: Report }) {
  const navigate = useNavigate();
  const save = reports.useSave(report ? String(report.id) : undefined);
  const { form, field, upload, ...shell } = useAdminForm({
    schema: ReportInputSchema,
    labels,
    defaultValues: {
      active: report?.active ?? true,
      order: report?.order ?? 0,
      short_title: report?.short_title ?? '',
      title: report?.title ?? '',
      name: report?.name ?? '',
      url_file: report?.url_file ?? '',
      url_file_2: report?.url_file_2 ?? '',
      text: report?.text ?? '',
    },
    send: async (values) => {
      await save.mutateAsync(values);
      return { kind: 'success', text: 'Comunicado guardado.', detail: PUBLIC_DELAY_NOTE };
    },
    onDone: () => navigate('/admin/comunicados'),
  });

  return (
    <>
      <PageTitle>{report ? 'Editar comunicado' : 'Nuevo comunicado'}</PageTitle>
      <AdminForm form={shell}>
        <CheckboxInput {...field('active')} hint="Solo los comunicados activos aparecen en /comunicados." />
        <TextInput
          {...field('order', { valueAsNumber: true })}
          inputMode="numeric"
          required
          className="input--short"
          hint="Los comunicados se listan de menor a mayor orden."
        />
        <TextInput {...field('short_title')} required hint="El nombre en la lista lateral de /comunicados." />
        <TextInput {...field('title')} required />
        <TextInput {...field('name')} hint="Un nombre interno para reconocerlo." />
        <FileUrlInput
          {...upload('url_file')}
          uploadLabel="Subir archivo"
          hint="Un archivo que acompaña al comunicado: súbalo o escriba su dirección."
        />
        <FileUrlInput {...upload('url_file_2')} uploadLabel="Subir segundo archivo" />
        <Controller
          name="text"
          control={form.control}
          render={({ field: text, fieldState }) => (
            <RichTextEditor
              id="text"
              label={labels.text}
              error={fieldState.error?.message}
              value={text.value ?? ''}
              onChange={text.onChange}
              onBlur={text.onBlur}
            />
          )}
        />
        <FormActions pending={shell.pending} listPath="/admin/comunicados" />
      </AdminForm>
    </>
  );
}
