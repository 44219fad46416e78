import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ReportInputSchema, type Report } from '../../../shared/reports.ts';
import { notify } from '../../../ui/notifications.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { CheckboxInput } from '../../forms/CheckboxInput.tsx';
import { FileUrlInput } from '../../forms/FileUrlInput.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { RichTextEditor } from '../../forms/RichTextEditor.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { reports, PUBLIC_DELAY_NOTE } from '../../resources.ts';

/** /admin/comunicados/nuevo and /{reportId}/editar. */
export default function ReportEditor() {
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
  const form = useForm({
    resolver: zodResolver(ReportInputSchema),
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
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;
  const published = (field: 'url_file' | 'url_file_2') => (url: string) =>
    form.setValue(field, url, { shouldValidate: true, shouldDirty: true });

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      await save.mutateAsync(values);
      notify({ kind: 'success', text: 'Comunicado guardado.', detail: PUBLIC_DELAY_NOTE });
      navigate('/admin/comunicados');
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <>
      <PageTitle>{report ? 'Editar comunicado' : 'Nuevo comunicado'}</PageTitle>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
        <FormFeedback feedback={feedback} />
        <CheckboxInput
          label={labels.active}
          hint="Solo los comunicados activos aparecen en /comunicados."
          error={errors.active?.message}
          registration={form.register('active')}
        />
        <TextInput
          label={labels.order}
          inputMode="numeric"
          required
          className="input--short"
          hint="Los comunicados se listan de menor a mayor orden."
          error={errors.order?.message}
          registration={form.register('order', { valueAsNumber: true })}
        />
        <TextInput
          label={labels.short_title}
          required
          hint="El nombre en la lista lateral de /comunicados."
          error={errors.short_title?.message}
          registration={form.register('short_title')}
        />
        <TextInput label={labels.title} required error={errors.title?.message} registration={form.register('title')} />
        <TextInput
          label={labels.name}
          hint="Un nombre interno para reconocerlo."
          error={errors.name?.message}
          registration={form.register('name')}
        />
        <FileUrlInput
          label={labels.url_file}
          uploadLabel="Subir archivo"
          hint="Un archivo que acompaña al comunicado: súbalo o escriba su dirección."
          error={errors.url_file?.message}
          registration={form.register('url_file')}
          onUploaded={published('url_file')}
        />
        <FileUrlInput
          label={labels.url_file_2}
          uploadLabel="Subir segundo archivo"
          error={errors.url_file_2?.message}
          registration={form.register('url_file_2')}
          onUploaded={published('url_file_2')}
        />
        <Controller
          name="text"
          control={form.control}
          render={({ field, fieldState }) => (
            <RichTextEditor
              id="text"
              label={labels.text}
              error={fieldState.error?.message}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <FormActions pending={isSubmitting} listPath="/admin/comunicados" />
      </form>
    </>
  );
}
