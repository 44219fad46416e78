import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { notify } from '../../../ui/notifications.ts';
import { DeleteButton } from '../../components/DeleteButton.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { PUBLIC_DELAY_NOTE } from '../../resources.ts';
import type { AdminNotice, NoticeKind } from './notice-kind.ts';

function BackToList({ list }: { list: NoticeKind<AdminNotice, unknown>['list'] }) {
  return (
    <p>
      <Link to={list.path}>Volver a {list.title}</Link>
    </p>
  );
}

/** …/nuevo: a draft, published from its own screen once saved. */
export function NoticeEditor<Notice extends AdminNotice, Input>({ kind }: { kind: NoticeKind<Notice, Input> }) {
  const navigate = useNavigate();
  const create = kind.useChange(undefined, { method: 'POST', path: '' });
  return (
    <>
      <PageTitle>{kind.newTitle}</PageTitle>
      <p className="screen-intro">Se guarda como borrador: el público no lo ve hasta que lo publique.</p>
      <kind.Form
        submitLabel="Guardar borrador"
        onSave={async (input) => {
          const notice = await create.mutateAsync(input);
          notify({ kind: 'success', text: 'Borrador guardado.', detail: 'Revíselo y publíquelo cuando esté listo.' });
          navigate(`${kind.list.path}/${notice!.id}`);
        }}
      />
      <BackToList list={kind.list} />
    </>
  );
}

/** …/{id}: the notice's title, its screen once it is read, and the way back to the list. */
export function NoticeDetail<Notice extends AdminNotice, Input>({
  kind,
  title,
  children,
}: {
  kind: NoticeKind<Notice, Input>;
  /** The page's title, before the notice is read too. */
  title: (notice: Notice | undefined) => string;
  children: (notice: Notice) => ReactNode;
}) {
  const { id = '' } = useParams();
  const notice = kind.useOne(id);
  return (
    <>
      <PageTitle>{title(notice.data)}</PageTitle>
      <QueryView query={notice}>{(item) => <div className="notice-screen">{children(item)}</div>}</QueryView>
      <BackToList list={kind.list} />
    </>
  );
}

/**
 * The data section of a notice: its form while it is open (what the public sees changes with a
 * delay once it is published), what a closed one says instead, and Eliminar for a draft.
 */
export function NoticeData<Notice extends AdminNotice, Input>({
  kind,
  notice,
  closed,
  name,
}: {
  kind: NoticeKind<Notice, Input>;
  notice: Notice;
  /** Why a closed notice is no longer changed; undefined while it is open. */
  closed: string | undefined;
  /** The draft's name in the question before it is deleted. */
  name: string;
}) {
  const navigate = useNavigate();
  const save = kind.useChange(notice.id, { method: 'PUT', path: '' });
  const remove = kind.useChange(notice.id, { method: 'DELETE', path: '' });
  return (
    <section aria-labelledby="datos">
      <h2 id="datos">{kind.dataTitle}</h2>
      {closed ? (
        <p>{closed}</p>
      ) : (
        <kind.Form
          key={notice.updatedAt}
          notice={notice}
          submitLabel="Guardar cambios"
          onSave={async (input) => {
            await save.mutateAsync(input);
            notify({
              kind: 'success',
              text: 'Cambios guardados.',
              ...(notice.status === 'borrador' ? {} : { detail: PUBLIC_DELAY_NOTE }),
            });
          }}
        />
      )}
      {notice.status === 'borrador' && (
        <DeleteButton
          what="el borrador"
          name={name}
          doneMessage="Borrador eliminado."
          onDelete={async () => {
            await remove.mutateAsync(undefined);
            navigate(kind.list.path);
          }}
        />
      )}
    </section>
  );
}
