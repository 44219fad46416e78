import { DeleteButton } from '../../components/DeleteButton.tsx';
import { EditLink, ListScreen, RowActions } from '../../components/ListScreen.tsx';
import { TableFrame } from '../../components/TableFrame.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { documents, PUBLIC_DELAY_NOTE } from '../../resources.ts';

/** Annual reports and financial statements (spec §3 Document), as the server sorts them: year desc, type. */
export default function DocumentList() {
  const list = documents.useList();
  const remove = documents.useRemove();
  return (
    <ListScreen title="Documentos" newLabel="Nuevo documento">
      <QueryView query={list}>
        {(rows) => (
          <TableFrame caption="Memorias y estados financieros de /nosotros">
            <thead>
              <tr>
                <th scope="col">Documento</th>
                <th scope="col">Archivo</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((document) => {
                const name = `${document.type} ${document.year}`;
                return (
                  <tr key={document.id}>
                    <th scope="row">{name}</th>
                    <td>
                      {document.url_file ? (
                        <a href={document.url_file} target="_blank" rel="noopener">
                          Ver archivo<span className="visually-hidden"> de {name} (se abre en una pestaña nueva)</span>
                        </a>
                      ) : (
                        'Sin archivo (no se ofrece)'
                      )}
                    </td>
                    <RowActions>
                      <EditLink id={document.id} name={name} />
                      <DeleteButton
                        what="el documento"
                        name={name}
                        onDelete={() => remove.mutateAsync(String(document.id))}
                        doneMessage="Documento eliminado."
                        doneDetail={PUBLIC_DELAY_NOTE}
                      />
                    </RowActions>
                  </tr>
                );
              })}
            </tbody>
          </TableFrame>
        )}
      </QueryView>
    </ListScreen>
  );
}
