import type { StoredDocument } from '../../../shared/documents/schema.ts';
import { ResourceList } from '../../components/ResourceList.tsx';
import { documents, PUBLIC_DELAY_NOTE } from '../../resources.ts';

const nameOf = (document: StoredDocument) => `${document.type} ${document.year}`;

/** Annual reports and financial statements (spec §3 Document), as the server sorts them: year desc, type. */
export default function DocumentList() {
  const remove = documents.useRemove();
  return (
    <ResourceList
      title="Documentos"
      newLabel="Nuevo documento"
      query={documents.useList()}
      caption="Memorias y estados financieros de /nosotros"
      name={nameOf}
      columns={[
        { header: 'Documento', rowHeader: true, cell: nameOf },
        {
          header: 'Archivo',
          cell: (document) =>
            document.url_file ? (
              <a href={document.url_file} target="_blank" rel="noopener">
                Ver archivo
                <span className="visually-hidden"> de {nameOf(document)} (se abre en una pestaña nueva)</span>
              </a>
            ) : (
              'Sin archivo (no se ofrece)'
            ),
        },
      ]}
      remove={{
        what: 'el documento',
        send: remove.mutateAsync,
        doneMessage: 'Documento eliminado.',
        doneDetail: PUBLIC_DELAY_NOTE,
      }}
    />
  );
}
