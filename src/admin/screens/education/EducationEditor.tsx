import { useNavigate, useParams } from 'react-router';
import {
  EducationInputSchema,
  educationContentTypes,
  type EducationDocument,
} from '../../../shared/education/schema.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { CheckboxInput } from '../../forms/CheckboxInput.tsx';
import { FileUrlInput } from '../../forms/FileUrlInput.tsx';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
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
  const { field, upload, ...shell } = useAdminForm({
    schema: EducationInputSchema,
    labels,
    // A new resource's type starts unchosen, so the schema asks for it.
    defaultValues: {
      ...(document ? { content_type: document.content_type } : {}),
      hidden: document?.hidden ?? false,
      title: document?.title ?? '',
      description: document?.description ?? '',
      url_file: document?.url_file ?? '',
      thumbnail: document?.thumbnail ?? '',
    },
    send: async (values) => {
      await save.mutateAsync(values);
      return { kind: 'success', text: 'Contenido guardado.', detail: PUBLIC_DELAY_NOTE };
    },
    onDone: () => navigate('/admin/educacion'),
  });

  return (
    <>
      <PageTitle>{document ? 'Editar contenido educativo' : 'Nuevo contenido educativo'}</PageTitle>
      <AdminForm form={shell}>
        <SelectInput {...field('content_type')} placeholder="Seleccione el tipo" options={typeOptions} required />
        <CheckboxInput {...field('hidden')} hint="Un contenido oculto no aparece en /educacion." />
        <TextInput {...field('title')} required />
        <TextAreaInput {...field('description')} hint="Se muestra bajo el título." />
        <FileUrlInput
          {...upload('url_file')}
          uploadLabel="Subir archivo"
          hint="El documento o la foto que abre el título."
          required
        />
        <FileUrlInput
          {...upload('thumbnail')}
          uploadLabel="Subir miniatura"
          hint="La imagen de la galería."
          accept="image/*"
        />
        <FormActions pending={shell.pending} listPath="/admin/educacion" />
      </AdminForm>
    </>
  );
}
