import { DeleteButton } from '../../components/DeleteButton.tsx';
import { EditLink, ListScreen, RowActions } from '../../components/ListScreen.tsx';
import { TableFrame } from '../../components/TableFrame.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { education, PUBLIC_DELAY_NOTE } from '../../resources.ts';

/** Education resources (spec §3 Education document), hidden ones too. */
export default function EducationList() {
  const list = education.useList();
  const remove = education.useRemove();
  return (
    <ListScreen title="Educación" newLabel="Nuevo contenido">
      <QueryView query={list}>
        {(rows) => (
          <TableFrame caption="Contenidos de /educacion; los ocultos no se publican">
            <thead>
              <tr>
                <th scope="col">Título</th>
                <th scope="col">Tipo de contenido</th>
                <th scope="col">Visibilidad</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{item.title}</th>
                  <td>{item.content_type}</td>
                  <td>{item.hidden ? 'Oculto' : 'Visible'}</td>
                  <RowActions>
                    <EditLink id={item.id} name={item.title} />
                    <DeleteButton
                      what="el contenido"
                      name={item.title}
                      onDelete={() => remove.mutateAsync(String(item.id))}
                      doneMessage="Contenido eliminado."
                      doneDetail={PUBLIC_DELAY_NOTE}
                    />
                  </RowActions>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </QueryView>
    </ListScreen>
  );
}
