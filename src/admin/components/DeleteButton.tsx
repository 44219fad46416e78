import { useId, useRef, useState } from 'react';
import { notify } from '../../ui/notifications.ts';
import { failureMessage } from '../api-client.ts';

interface DeleteButtonProps {
  /** What is deleted, as the question names it: 'el comunicado'. */
  what: string;
  /** The item's name, in the question and in the button's accessible name. */
  name: string;
  onDelete: () => Promise<unknown>;
  /** The success notification: 'Comunicado eliminado.' */
  doneMessage: string;
  /** A second line for it, such as when the public site shows the change. */
  doneDetail?: string;
}

/** Eliminar, confirmed in a modal <dialog>; the answer is a notification (409: the server's reason). */
export function DeleteButton({ what, name, onDelete, doneMessage, doneDetail }: DeleteButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await onDelete();
      notify({ kind: 'success', text: doneMessage, ...(doneDetail ? { detail: doneDetail } : {}) });
      // The row and its button are gone: the screen's title is the next place to read from.
      document.querySelector<HTMLElement>('main h1')?.focus();
    } catch (error) {
      notify({ kind: 'error', text: failureMessage(error) });
    } finally {
      setPending(false);
      dialog.current?.close();
    }
  };

  return (
    <>
      <button type="button" className="link-button link-button--danger" onClick={() => dialog.current?.showModal()}>
        Eliminar<span className="visually-hidden"> {name}</span>
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={titleId}>
        <h2 id={titleId}>
          ¿Eliminar {what} «{name}»?
        </h2>
        <p>Esta acción no se puede deshacer.</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
            Cancelar
          </button>
          <button type="button" className="button button--danger" disabled={pending} onClick={() => void confirm()}>
            {pending ? 'Eliminando…' : 'Eliminar'}
          </button>
        </div>
      </dialog>
    </>
  );
}
