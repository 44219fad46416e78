import { formatDateTime } from '../../../shared/time/format.ts';
import { denunciaStatuses, denunciaStatusLabels } from '../../../shared/denuncias/case/schema.ts';
import type {
  DenunciaFollowUp,
  ReporterMessage,
  ReporterViewMessage,
} from '../../../shared/denuncias/follow-up/schema.ts';
import type { FieldRules } from '../../../shared/fields.ts';
import { CaseProgress } from '../../cases/follow-up/CaseProgress.tsx';
import { NoticeChoice } from './NoticeChoice.tsx';
import { ReplyForm } from './ReplyForm.tsx';

const sizeFormat = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 });
const fileSize = (bytes: number) =>
  bytes < 1_000_000
    ? `${sizeFormat.format(Math.max(1, Math.round(bytes / 1_000)))} KB`
    : `${sizeFormat.format(bytes / 1_000_000)} MB`;

const authors: Record<ReporterViewMessage['author'], string> = {
  reporter: 'Usted',
  compliance: 'Equipo de cumplimiento',
};

interface Props {
  receipt: string;
  denuncia: DenunciaFollowUp;
  replyRules: FieldRules<keyof ReporterMessage>;
  /** The denuncia as an answer left it (a message sent, the notice chosen). */
  onChange: (denuncia: DenunciaFollowUp) => void;
}

/**
 * A denuncia its receipt code opened: its progress, its dates, the messages exchanged
 * with compliance (who in compliance wrote is never said), the reply form while it is open and
 * the "new message" notice when the reporter left an e-mail.
 */
export function DenunciaCase({ receipt, denuncia, replyRules, onChange }: Props) {
  const { reference, status, receivedAt, closedAt, messages, canNotify, notify } = denuncia;
  const current = denunciaStatuses.indexOf(status);
  const closed = status === 'cerrada';

  return (
    <CaseProgress
      titleId="denuncia-title"
      title={`Denuncia ${reference}`}
      stepsLabel="Etapas de la denuncia"
      steps={denunciaStatuses.map((step, index) => ({
        label: denunciaStatusLabels[step],
        state: index === current ? 'current' : index < current ? 'passed' : 'pending',
      }))}
      facts={[
        ['Estado', denunciaStatusLabels[status]],
        ['Fecha de recepción', formatDateTime(receivedAt)],
        ['Fecha de cierre', closedAt ? formatDateTime(closedAt) : undefined],
      ]}
    >
      <h3>Mensajes</h3>
      {messages.length > 0 ? (
        <ol className="follow-up__replies denuncia-messages" aria-label="Mensajes de la denuncia">
          {messages.map((message, index) => (
            <li key={index} className={`denuncia-messages__${message.author}`}>
              <p className="follow-up__reply-date">
                {authors[message.author]}, {formatDateTime(message.createdAt)}
              </p>
              <p className="follow-up__reply-body">{message.body}</p>
              {message.attachment && (
                <p className="denuncia-messages__file">
                  Archivo adjunto: {message.attachment.fileName} ({fileSize(message.attachment.size)})
                </p>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p>
          Aún no hay mensajes. Si el Encargado de Prevención de Delitos necesita más antecedentes, le escribirá aquí:
          vuelva a consultar con su código de recibo.
        </p>
      )}
      {closed ? (
        <p className="notice">Esta denuncia está cerrada y ya no recibe mensajes.</p>
      ) : (
        <ReplyForm receipt={receipt} rules={replyRules} onSent={onChange} />
      )}
      {canNotify ? (
        <NoticeChoice receipt={receipt} notify={notify} onChange={onChange} />
      ) : (
        <p className="denuncia-notice__none">
          Su denuncia no incluye un correo electrónico, así que no podemos avisarle de mensajes nuevos: vuelva a
          consultar esta página con su código.
        </p>
      )}
    </CaseProgress>
  );
}
