import { ResourceList } from '../../components/ResourceList.tsx';
import { education, PUBLIC_DELAY_NOTE } from '../../resources.ts';

/** Education resources (spec §3 Education document), hidden ones too. */
export default function EducationList() {
  const remove = education.useRemove();
  return (
    <ResourceList
      title="Educación"
      newLabel="Nuevo contenido"
      query={education.useList()}
      caption="Contenidos de /educacion; los ocultos no se publican"
      name={(item) => item.title}
      columns={[
        { header: 'Título', rowHeader: true, cell: (item) => item.title },
        { header: 'Tipo de contenido', cell: (item) => item.content_type },
        { header: 'Visibilidad', cell: (item) => (item.hidden ? 'Oculto' : 'Visible') },
      ]}
      remove={{
        what: 'el contenido',
        send: remove.mutateAsync,
        doneMessage: 'Contenido eliminado.',
        doneDetail: PUBLIC_DELAY_NOTE,
      }}
    />
  );
}
