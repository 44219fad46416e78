import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../shared/time/format.ts';
import {
  mailKind,
  mailProblems,
  mailStatuses,
  outboxChannelLabels,
  OutboxSchema,
  RetriedMailSchema,
  type UnsentMail,
} from '../../../shared/outbox/schema.ts';
import { notify } from '../../../ui/notifications.ts';
import { apiRequest, failureMessage } from '../../api-client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';

/**
 * /admin/correo (Correo saliente): the mail and the phone messages the site has not sent yet,
 * oldest first, and why; never their text or address (a denuncia's stays with its mailbox).
 */
export default function OutboxList() {
  const outbox = useQuery({
    queryKey: ['outbox'],
    queryFn: ({ signal }) => apiRequest('/api/admin/outbox', OutboxSchema, { signal }),
  });

  return (
    <>
      <PageTitle>Correo saliente</PageTitle>
      <p className="screen-intro">
        Los correos y los mensajes a teléfonos (SMS, WhatsApp y llamadas) que el sitio aún no ha enviado. Se reintentan
        solos hasta enviarse; los detenidos esperan que se corrija su causa. Los avisos a teléfonos que no son urgentes
        esperan aquí el fin del horario de descanso (22:00 a 08:00).
      </p>
      <QueryView query={outbox}>
        {({ mails }) =>
          mails.length === 0 ? (
            <p className="empty">No hay correos pendientes: todo se envió.</p>
          ) : (
            <DataTable
              caption={`Correos sin enviar, del más antiguo al más reciente (${mails.length})`}
              columns={columns}
              rows={mails}
              rowKey={(mail) => mail.id}
            />
          )
        }
      </QueryView>
    </>
  );
}

const columns: Column<UnsentMail>[] = [
  { header: 'Referencia', rowHeader: true, className: 'nowrap', cell: (mail) => mail.reference },
  { header: 'Tipo', cell: (mail) => mailKind(mail.reference) },
  { header: 'Canal', cell: (mail) => outboxChannelLabels[mail.channel] },
  { header: 'Destinatario', cell: (mail) => (mail.to_utility ? 'Buzón de la empresa' : 'Cliente') },
  { header: 'Creado', className: 'nowrap', cell: (mail) => formatDateTime(mail.created_at) },
  {
    header: 'Estado',
    cell: (mail) => (
      <>
        {mailStatuses[mail.status]}
        {mail.attempts > 0 && <span className="muted"> ({mail.attempts} intentos)</span>}
      </>
    ),
  },
  { header: 'Problema', cell: (mail) => (mail.problem ? mailProblems[mail.problem] : '') },
  { header: 'Acción', cell: (mail) => <RetryButton mail={mail} /> },
];

function RetryButton({ mail }: { mail: UnsentMail }) {
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () =>
      apiRequest(`/api/admin/outbox/${mail.id}/retry`, RetriedMailSchema, { method: 'POST' }).then((r) => r.mail),
    onSuccess: (after) => {
      notify(
        after === null
          ? { kind: 'success', text: `Correo ${mail.reference} enviado.` }
          : // A phone's message goes by the background sender, seconds later: the answer cannot say yet.
            after.channel !== 'email' && after.status === 'pending'
            ? { kind: 'success', text: `El mensaje ${mail.reference} quedó en cola: se envía en unos segundos.` }
            : {
                kind: 'error',
                text: `El correo ${mail.reference} no se pudo enviar: ${mailProblems[after.problem ?? 'provider']}`,
              },
      );
      void client.invalidateQueries({ queryKey: ['outbox'] });
    },
    onError: (error) => {
      notify({ kind: 'error', text: failureMessage(error) });
      void client.invalidateQueries({ queryKey: ['outbox'] });
    },
  });
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={retry.isPending}
      aria-label={`Reintentar ahora ${mail.reference}`}
      onClick={() => retry.mutate()}
    >
      Reintentar ahora
    </button>
  );
}
