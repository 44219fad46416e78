import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { EducationInputSchema, educationContentTypes, type EducationDocument } from '../../../shared/education.ts';
import { notify } from '../../../ui/notifications.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { CheckboxInput } from '../../forms/CheckboxInput.tsx';
import { FileUrlInput } from '../../forms/FileUrlInput.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { education, PUBLIC_DELAY_NOTE } from '../../resources.ts';

/** /admin/educacion/nuevo and /{documentId}/editar. */
export default function EducationEditor() {
  const { documentId } = useParams();
  if (!documentId) return <EducationForm />;
  return <EditEducation id={documentId} />;
}

function EditEducation({ id }: { id: string }) {
  const item = education.useItem(id);
  return <QueryView query={item}>{(document) => <EducationForm document={document} />}</QueryView>;
}

const labels = {
  content_type: 'Tipo de contenido',
  hidden: 'Oculto',
  title: 'Título',
  description: 'Descripción',
  url_file: 'Archivo',
  thumbnail: 'Miniatura',
};
const typeOptions = educationContentTypes.map((type) => ({ value: type, label: type }));

function EducationForm({ document }: { document?: EducationDocument }) {
  const navigate = useNavigate();
  const save = education.useSave(document ? String(document.id) : undefined);
  const form = useForm({
    resolver: zodResolver(EducationInputSchema),
    // A new resource's type starts unchosen, so the schema asks for it.
    defaultValues: {
      ...(document ? { content_type: document.content_type } : {}),
      hidden: document?.hidden ?? false,
      title: document?.title ?? '',
      description: document?.description ?? '',
      url_file: document?.url_file ?? '',
      thumbnail: document?.thumbnail ?? '',
    },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;
  const published = (field: 'url_file' | 'thumbnail') => (url: string) =>
    form.setValue(field, url, { shouldValidate: true, shouldDirty: true });

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      await save.mutateAsync(values);
      notify({ kind: 'success', text: 'Contenido guardado.', detail: PUBLIC_DELAY_NOTE });
      navigate('/admin/educacion');
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <>
      <PageTitle>{document ? 'Editar contenido educativo' : 'Nuevo contenido educativo'}</PageTitle>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
        <FormFeedback feedback={feedback} />
        <SelectInput
          label={labels.content_type}
          placeholder="Seleccione el tipo"
          options={typeOptions}
          required
          error={errors.content_type?.message}
          registration={form.register('content_type')}
        />
        <CheckboxInput
          label={labels.hidden}
          hint="Un contenido oculto no aparece en /educacion."
          error={errors.hidden?.message}
          registration={form.register('hidden')}
        />
        <TextInput label={labels.title} required error={errors.title?.message} registration={form.register('title')} />
        <TextAreaInput
          label={labels.description}
          hint="Se muestra bajo el título."
          error={errors.description?.message}
          registration={form.register('description')}
        />
        <FileUrlInput
          label={labels.url_file}
          uploadLabel="Subir archivo"
          hint="El documento o la foto que abre el título."
          required
          error={errors.url_file?.message}
          registration={form.register('url_file')}
          onUploaded={published('url_file')}
        />
        <FileUrlInput
          label={labels.thumbnail}
          uploadLabel="Subir miniatura"
          hint="La imagen de la galería."
          accept="image/*"
          error={errors.thumbnail?.message}
          registration={form.register('thumbnail')}
          onUploaded={published('thumbnail')}
        />
        <FormActions pending={isSubmitting} listPath="/admin/educacion" />
      </form>
    </>
  );
}
