import { noticeKindLabels, type AlertCounts, type NoticeAlerts as Alerts } from '../../../shared/notices/alerts.ts';
import { outboxChannelLabels } from '../../../shared/outbox/schema.ts';
import { spanishList } from '../../../shared/spanish-list.ts';
import { chileMinute } from '../../../shared/time/format.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { SummarySection } from '../../components/SummaryList.tsx';

type Channel = keyof typeof outboxChannelLabels;
const CHANNELS = Object.keys(outboxChannelLabels) as Channel[];

/** How each channel reaches a subscriber, in a sentence. */
const byChannel = {
  email: 'por correo',
  sms: 'por SMS',
  whatsapp: 'por WhatsApp',
  voz: 'por llamada',
} as const satisfies Record<Channel, string>;

/** "120 por correo, 45 por SMS y 2 por llamada", or that nobody is subscribed. */
function audienceText(audience: Alerts['audience']): string {
  const parts = CHANNELS.filter((channel) => (audience[channel] ?? 0) > 0).map(
    (channel) => `${audience[channel]} ${byChannel[channel]}`,
  );
  if (parts.length === 0) return 'Nadie está suscrito a sus localidades.';
  return spanishList(parts);
}

interface Row extends AlertCounts {
  key: string;
  notice: string;
  channel: Channel;
}

const columns: Column<Row>[] = [
  { header: 'Aviso', rowHeader: true, cell: (row) => row.notice },
  { header: 'Canal', cell: (row) => outboxChannelLabels[row.channel] },
  { header: 'En espera', className: 'numeric', cell: (row) => row.queued },
  { header: 'Enviados', className: 'numeric', cell: (row) => row.sent },
  // Resend tells nothing after it takes a mail; a phone's provider tells when it reached the phone.
  { header: 'Entregados', className: 'numeric', cell: (row) => (row.channel === 'email' ? '—' : row.delivered) },
  { header: 'Fallidos', className: 'numeric', cell: (row) => row.failed },
];

/**
 * "Avisos a suscriptores" of a corte or an aviso: before it is published, how many messages each
 * channel will send (its towns' confirmed subscribers); then, each notice's messages by channel.
 */
export function NoticeAlerts({ alerts, draft }: { alerts: Alerts; draft: boolean }) {
  const rows: Row[] = alerts.notices.flatMap((notice, index) =>
    CHANNELS.filter((channel) => notice.channels[channel]).map((channel) => ({
      key: `${index}-${channel}`,
      notice: `${noticeKindLabels[notice.kind] ?? notice.kind}, ${chileMinute(notice.createdAt)}`,
      channel,
      ...notice.channels[channel]!,
    })),
  );
  return (
    <SummarySection
      id="avisos-a-suscriptores"
      title="Avisos a suscriptores"
      rows={[[draft ? 'Al publicar se enviarán' : 'Suscriptores de sus localidades', audienceText(alerts.audience)]]}
    >
      {rows.length > 0 && (
        <DataTable
          caption="Mensajes de cada aviso, por canal"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.key}
        />
      )}
    </SummarySection>
  );
}
