import { useId, useRef, useState } from 'react';
import { isShortNotice, outageMessages, outageStatusLabels } from '../../../shared/outages/schema.ts';
import { outageTransitions, type AdminOutage } from '../../../shared/outages/admin/schema.ts';
import { notify } from '../../../ui/notifications.ts';
import { ApiError, failureMessage } from '../../api-client.ts';
import { PUBLIC_DELAY_NOTE } from '../../resources.ts';
import { useOutageChange } from './outage-api.ts';

const published = {
  kind: 'success',
  text: 'Corte publicado.',
  detail: `${PUBLIC_DELAY_NOTE} Se avisará a los suscriptores de la localidad.`,
} as const;

/**
 * Publicar. A planned outage starting within 48 hours asks, in a dialog, to confirm and say why
 * it could not be announced earlier (kept with the outage and in the audit log). The server
 * decides with its own clock: its 409 opens the dialog too.
 */
export function PublishAction({ outage }: { outage: AdminOutage }) {
  const publish = useOutageChange(outage.id, { method: 'POST', path: '/publish' });
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const send = async (body: object) => {
    try {
      await publish.mutateAsync(body);
      dialog.current?.close();
      notify(published);
    } catch (error) {
      if (error instanceof ApiError && error.errors.confirmShortNotice) dialog.current?.showModal();
      else if (error instanceof ApiError && error.errors.shortNoticeReason)
        setReasonError(error.errors.shortNoticeReason);
      else notify({ kind: 'error', text: failureMessage(error) });
    }
  };
  const start = () =>
    isShortNotice(outage.kind, outage.startsAt, new Date()) ? dialog.current?.showModal() : void send({});

  return (
    <div className="notice-actions">
      <p>Publicarlo lo muestra en /cortes y avisa a los suscriptores de {outage.townName}.</p>
      <button type="button" className="button" disabled={publish.isPending} onClick={start}>
        {publish.isPending && <span className="spinner" aria-hidden="true" />}
        Publicar
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={titleId}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) return setReasonError(outageMessages.shortNoticeReason);
            setReasonError(undefined);
            void send({ confirmShortNotice: true, shortNoticeReason: reason });
          }}
        >
          <h2 id={titleId}>¿Publicar con menos de 48 horas de aviso?</h2>
          <p>{outageMessages.shortNotice}</p>
          <div className={`field${reasonError ? ' field--error' : ''}`}>
            <label htmlFor="shortNoticeReason">Motivo del aviso tardío</label>
            {reasonError && (
              <p id="shortNoticeReason-error" className="field__error">
                <span className="visually-hidden">Error:</span> {reasonError}
              </p>
            )}
            <textarea
              id="shortNoticeReason"
              rows={3}
              maxLength={500}
              required
              value={reason}
              aria-describedby={reasonError ? 'shortNoticeReason-error' : undefined}
              aria-invalid={reasonError ? true : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
              Cancelar
            </button>
            <button type="submit" className="button" disabled={publish.isPending}>
              Publicar igualmente
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}

const actionLabels = {
  en_curso: 'Marcar en curso',
  restablecido: 'Marcar restablecido',
  cancelado: 'Cancelar el corte',
};
type NextStatus = keyof typeof actionLabels;

// Closing cannot be undone and mails every subscriber of the town: it is confirmed first.
const closingQuestions: Partial<Record<NextStatus, string>> = {
  restablecido: '¿Marcar el corte como restablecido?',
  cancelado: '¿Cancelar el corte?',
};

/**
 * The next statuses the outage may take (outageTransitions). Closing it (Restablecido,
 * Cancelado) asks first in a dialog: it leaves /cortes, tells the subscribers, and stays closed.
 */
export function StatusActions({ outage }: { outage: AdminOutage }) {
  const change = useOutageChange(outage.id, { method: 'PUT', path: '/status' });
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [closing, setClosing] = useState<NextStatus>();
  const next = outageTransitions[outage.status] as NextStatus[];
  if (next.length === 0) return null;

  const move = async (status: NextStatus) => {
    try {
      await change.mutateAsync({ status });
      notify({ kind: 'success', text: `El corte quedó ${outageStatusLabels[status]}.` });
    } catch (error) {
      notify({ kind: 'error', text: failureMessage(error) });
    } finally {
      dialog.current?.close();
    }
  };
  const start = (status: NextStatus) => {
    if (!closingQuestions[status]) return void move(status);
    setClosing(status);
    dialog.current?.showModal();
  };

  return (
    <div className="notice-actions">
      {next.map((status) => (
        <button
          key={status}
          type="button"
          className={`button${status === 'cancelado' ? ' button--secondary' : ''}`}
          disabled={change.isPending}
          onClick={() => start(status)}
        >
          {actionLabels[status]}
        </button>
      ))}
      <dialog ref={dialog} className="dialog" aria-labelledby={titleId}>
        <h2 id={titleId}>{closing && closingQuestions[closing]}</h2>
        <p>
          El corte dejará de aparecer en /cortes y se avisará por correo a los suscriptores de {outage.townName}. Un
          corte cerrado no se puede volver a abrir ni modificar.
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
            Volver
          </button>
          <button
            type="button"
            className="button"
            disabled={change.isPending}
            onClick={() => closing && void move(closing)}
          >
            {change.isPending && <span className="spinner" aria-hidden="true" />}
            {closing && actionLabels[closing]}
          </button>
        </div>
      </dialog>
    </div>
  );
}
