import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type * as z from 'zod/mini';
import { DocumentInputSchema, documentTypes, type StoredDocument } from '../../../shared/documents.ts';
import { notify } from '../../../ui/notifications.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { FileUrlInput } from '../../forms/FileUrlInput.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { FormFeedback } from '../../forms/FormFeedback.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
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
  const form = useForm<z.input<typeof DocumentInputSchema>, unknown, z.output<typeof DocumentInputSchema>>({
    resolver: zodResolver(DocumentInputSchema),
    // A new document's type starts unchosen, so the schema asks for it.
    defaultValues: document
      ? { type: document.type, year: document.year, url_file: document.url_file ?? '' }
      : { year: new Date().getFullYear(), url_file: '' },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.onStart();
    try {
      await save.mutateAsync(values);
      notify({ kind: 'success', text: 'Documento guardado.', detail: PUBLIC_DELAY_NOTE });
      navigate('/admin/documentos');
    } catch (error) {
      feedback.onFailure(error);
    }
  }, feedback.onInvalid);

  return (
    <>
      <PageTitle>{document ? 'Editar documento' : 'Nuevo documento'}</PageTitle>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
        <FormFeedback feedback={feedback} />
        <SelectInput
          label={labels.type}
          placeholder="Seleccione el tipo"
          options={typeOptions}
          required
          error={errors.type?.message}
          registration={form.register('type')}
        />
        <TextInput
          label={labels.year}
          inputMode="numeric"
          required
          className="input--short"
          error={errors.year?.message}
          registration={form.register('year', { valueAsNumber: true })}
        />
        <FileUrlInput
          label={labels.url_file}
          uploadLabel="Subir archivo PDF"
          hint="La dirección del documento. Suba el PDF o escriba una dirección que empiece con / o https://."
          accept="application/pdf,.pdf"
          required
          error={errors.url_file?.message}
          registration={form.register('url_file')}
          onUploaded={(url) => form.setValue('url_file', url, { shouldValidate: true, shouldDirty: true })}
        />
        <FormActions pending={isSubmitting} listPath="/admin/documentos" />
      </form>
    </>
  );
}
