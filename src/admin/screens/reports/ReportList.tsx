import { DeleteButton } from '../../components/DeleteButton.tsx';
import { EditLink, ListScreen, RowActions } from '../../components/ListScreen.tsx';
import { TableFrame } from '../../components/TableFrame.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { reports, PUBLIC_DELAY_NOTE } from '../../resources.ts';

/** News items (spec §3 Report), active and inactive, by their order. */
export default function ReportList() {
  const list = reports.useList();
  const remove = reports.useRemove();
  return (
    <ListScreen title="Comunicados" newLabel="Nuevo comunicado">
      <QueryView query={list}>
        {(rows) => (
          <TableFrame caption="Comunicados de /comunicados; solo los activos se publican, por su orden">
            <thead>
              <tr>
                <th scope="col">Orden</th>
                <th scope="col">Título corto</th>
                <th scope="col">Título</th>
                <th scope="col">Estado</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((report) => (
                <tr key={report.id}>
                  <td>{report.order}</td>
                  <th scope="row">{report.short_title}</th>
                  <td>{report.title}</td>
                  <td>{report.active ? 'Activo' : 'Inactivo'}</td>
                  <RowActions>
                    <EditLink id={report.id} name={report.short_title} />
                    <DeleteButton
                      what="el comunicado"
                      name={report.short_title}
                      onDelete={() => remove.mutateAsync(String(report.id))}
                      doneMessage="Comunicado eliminado."
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
