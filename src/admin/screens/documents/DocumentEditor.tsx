import { useNavigate, useParams } from 'react-router';
import { DocumentInputSchema, documentTypes, type StoredDocument } from '../../../shared/documents/schema.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { FileUrlInput } from '../../forms/FileUrlInput.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { documents, PUBLIC_DELAY_NOTE } from '../../resources.ts';

/** /admin/documentos/nuevo and /{documentId}/editar. */
export default function DocumentEditor() {
  const { documentId } = useParams();
  if (!documentId) return <DocumentForm />;
  return <EditDocument id={documentId} />;
}

function EditDocument({ id }: { id: string }) {
  const item = documents.useItem(id);
  return <QueryView query={item}>{(document) => <DocumentForm document={document} />}</QueryView>;
}

const labels = { type: 'Tipo', year: 'Año', url_file: 'Archivo' };
const typeOptions = documentTypes.map((type) => ({ value: type, label: type }));

function DocumentForm({ document }: { document?: StoredDocument }) {
  const navigate = useNavigate();
  const save = documents.useSave(document ? String(document.id) : undefined);
  const { field, upload, ...shell } = useAdminForm({
    schema: DocumentInputSchema,
    labels,
    // A new document's type starts unchosen, so the schema asks for it.
    defaultValues: document
      ? { type: document.type, year: document.year, url_file: document.url_file ?? '' }
      : { year: new Date().getFullYear(), url_file: '' },
    send: async (values) => {
      await save.mutateAsync(values);
      return { kind: 'success', text: 'Documento guardado.', detail: PUBLIC_DELAY_NOTE };
    },
    onDone: () => navigate('/admin/documentos'),
  });

  return (
    <>
      <PageTitle>{document ? 'Editar documento' : 'Nuevo documento'}</PageTitle>
      <AdminForm form={shell}>
        <SelectInput {...field('type')} placeholder="Seleccione el tipo" options={typeOptions} required />
        <TextInput {...field('year', { valueAsNumber: true })} inputMode="numeric" required className="input--short" />
        <FileUrlInput
          {...upload('url_file')}
          uploadLabel="Subir archivo PDF"
          hint="La dirección del documento. Suba el PDF o escriba una dirección que empiece con / o https://."
          accept="application/pdf,.pdf"
          required
        />
        <FormActions pending={shell.pending} listPath="/admin/documentos" />
      </AdminForm>
    </>
  );
}
