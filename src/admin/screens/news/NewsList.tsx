import { ResourceList } from '../../components/ResourceList.tsx';
import { reports, PUBLIC_DELAY_NOTE } from '../../resources.ts';

/** News items (spec §3 Report), active and inactive, by their order. */
export default function NewsList() {
  const remove = reports.useRemove();
  return (
    <ResourceList
      title="Comunicados"
      newLabel="Nuevo comunicado"
      query={reports.useList()}
      caption="Comunicados de /comunicados; solo los activos se publican, por su orden"
      name={(report) => report.short_title}
      columns={[
        { header: 'Orden', cell: (report) => report.order },
        { header: 'Título corto', rowHeader: true, cell: (report) => report.short_title },
        { header: 'Título', cell: (report) => report.title },
        { header: 'Estado', cell: (report) => (report.active ? 'Activo' : 'Inactivo') },
      ]}
      remove={{
        what: 'el comunicado',
        send: remove.mutateAsync,
        doneMessage: 'Comunicado eliminado.',
        doneDetail: PUBLIC_DELAY_NOTE,
      }}
    />
  );
}
