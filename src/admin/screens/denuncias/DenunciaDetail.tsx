import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/time/format.ts';
import { denunciaStatusLabels } from '../../../shared/denuncias/case/schema.ts';
import type { DeskDetail } from '../../../shared/denuncias/desk/schema.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { SummarySection } from '../../components/SummaryList.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { Deadlines } from './Deadlines.tsx';
import { DeskEntryForms } from './DeskEntryForms.tsx';
import { useDenuncia } from './desk-api.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { MessageThread } from './MessageThread.tsx';
import { StatusActions } from './StatusActions.tsx';

/** /admin/denuncias/{reference}: the report, its file, the messages and notes, and the work on it. */
export default function DenunciaDetail() {
  const { reference = '' } = useParams();
  const denuncia = useDenuncia(reference);
  return (
    <>
      <PageTitle>{`Denuncia ${reference}`}</PageTitle>
      <QueryView query={denuncia}>{(found) => <DenunciaScreen denuncia={found} />}</QueryView>
      <p>
        <Link to="/admin/denuncias">Volver a Denuncias</Link>
      </p>
    </>
  );
}

function DenunciaScreen({ denuncia }: { denuncia: DeskDetail }) {
  return (
    <div className="case">
      <div className="case__record">
        <SummarySection
          id="estado"
          title="Estado y plazos"
          rows={[
            ['Estado', denunciaStatusLabels[denuncia.status]],
            ['Recibida', formatDateTime(denuncia.receivedAt)],
            ['Acuse de recibo', denuncia.acknowledgedAt ? formatDateTime(denuncia.acknowledgedAt) : 'Pendiente'],
            ...(denuncia.closedAt ? ([['Cerrada', formatDateTime(denuncia.closedAt)]] as const) : []),
            ['Plazos', <Deadlines key="plazos" deadlines={denuncia.deadlines} />],
          ]}
        />
        <StatusActions denuncia={denuncia} />
        <SummarySection
          id="denuncia"
          title="Lo que envió el denunciante"
          className="case-sent"
          rows={denuncia.fields.map(({ label, value }) => [label, value || '—'] as const)}
        />
        {denuncia.attachment && (
          <section aria-labelledby="archivo">
            <h2 id="archivo">Archivo adjunto</h2>
            <ul className="case-files">
              <li>
                <DownloadButton reference={denuncia.reference} file={denuncia.attachment} />
              </li>
            </ul>
          </section>
        )}
      </div>
      <div className="case__work">
        <MessageThread reference={denuncia.reference} messages={denuncia.messages} />
        <DeskEntryForms denuncia={denuncia} />
      </div>
    </div>
  );
}
