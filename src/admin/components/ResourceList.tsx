import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type Column } from './DataTable.tsx';
import { DeleteButton } from './DeleteButton.tsx';
import { EditLink, ListScreen } from './ListScreen.tsx';
import { QueryView } from './QueryView.tsx';

interface ResourceListProps<T extends { id: string | number }> {
  title: string;
  /** The Nuevo button's text. */
  newLabel: string;
  query: UseQueryResult<T[]>;
  caption: string;
  /** The columns before Acciones. */
  columns: readonly Column<T>[];
  /** The row's name, in Editar's and Eliminar's accessible names and in the question. */
  name: (row: T) => string;
  remove: {
    /** What is deleted, as the question names it: 'el comunicado'. */
    what: string;
    send: (id: string) => Promise<unknown>;
    doneMessage: string;
    doneDetail?: string;
    /** Rows that offer no Eliminar. */
    allowed?: (row: T) => boolean;
  };
}

/** A list staff manage (resources.ts): its title and Nuevo, and a table whose rows end in Editar and Eliminar. */
export function ResourceList<T extends { id: string | number }>({
  title,
  newLabel,
  query,
  caption,
  columns,
  name,
  remove,
}: ResourceListProps<T>) {
  const actions: Column<T> = {
    header: 'Acciones',
    cell: (row) => (
      <div className="table__actions">
        <EditLink id={row.id} name={name(row)} />
        {(remove.allowed?.(row) ?? true) && (
          <DeleteButton
            what={remove.what}
            name={name(row)}
            onDelete={() => remove.send(String(row.id))}
            doneMessage={remove.doneMessage}
            {...(remove.doneDetail ? { doneDetail: remove.doneDetail } : {})}
          />
        )}
      </div>
    ),
  };
  return (
    <ListScreen title={title} newLabel={newLabel}>
      <QueryView query={query}>
        {(rows) => <DataTable caption={caption} columns={[...columns, actions]} rows={rows} rowKey={(row) => row.id} />}
      </QueryView>
    </ListScreen>
  );
}
