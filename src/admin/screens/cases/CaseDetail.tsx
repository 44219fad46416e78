import { Link, useLocation, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/time/format.ts';
import { caseKinds, caseStatuses, type CaseDetailAnswer } from '../../../shared/cases/schema.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { SummaryList, SummarySection } from '../../components/SummaryList.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { useCase } from './case-api.ts';
import { CaseAttachments } from './CaseAttachments.tsx';
import { NoteForm, ReplyForm } from './CaseEntryForms.tsx';
import { CaseTimeline } from './CaseTimeline.tsx';
import { CaseWorkForm } from './CaseWorkForm.tsx';
import { Deadline } from './Deadline.tsx';
import { RightsDesk } from '../rights/RightsDesk.tsx';

/** /admin/atencion/{caseId}: what the citizen sent, its deadline, and the work on it. */
export default function CaseDetail() {
  const { caseId = '' } = useParams();
  const location = useLocation();
  const back = `/admin/atencion${(location.state as { search?: string } | null)?.search ?? ''}`;
  const detail = useCase(caseId);
  const item = detail.data?.case;

  return (
    <>
      <PageTitle>{item ? `${caseKinds[item.kind]} ${item.reference}` : 'Caso'}</PageTitle>
      <QueryView query={detail}>{(answer) => <CaseScreen answer={answer} />}</QueryView>
      <p>
        <Link to={back}>Volver a Atención ciudadana</Link>
      </p>
    </>
  );
}

function CaseScreen({ answer }: { answer: CaseDetailAnswer }) {
  const { case: item } = answer;
  return (
    <div className="case">
      <div className="case__record">
        <SummarySection
          id="caso"
          title="Caso"
          rows={[
            ['Estado', caseStatuses[item.status]],
            ['Plazo de respuesta', <Deadline key="plazo" item={item} long />],
            ['Recibido', formatDateTime(item.received_at)],
            ...(item.answered_at ? ([['Respondido', formatDateTime(item.answered_at)]] as const) : []),
            ...(item.closed_at ? ([['Cerrado', formatDateTime(item.closed_at)]] as const) : []),
            ['Asignado a', item.assignee_name ?? 'Sin asignar'],
          ]}
        />
        <section aria-labelledby="enviado" className="case-sent">
          <h2 id="enviado">Lo que envió el ciudadano</h2>
          {item.fields.length > 0 ? (
            <SummaryList rows={item.fields.map(({ label, value }) => [label, value || '—'] as const)} />
          ) : (
            // The server answers no fields once the submission's own row is gone (its retention period).
            <>
              <SummaryList
                rows={[
                  ['Nombre', item.citizen_name],
                  ['Correo electrónico', item.citizen_email],
                ]}
              />
              <p className="muted">
                El formulario enviado ya no se conserva: se eliminó al cumplirse su plazo de conservación.
              </p>
            </>
          )}
        </section>
        {item.attachments.length > 0 && <CaseAttachments caseId={item.id} attachments={item.attachments} />}
      </div>
      <div className="case__work">
        <CaseWorkForm answer={answer} />
        <CaseTimeline entries={item.entries} />
        <ReplyForm item={item} />
        <NoteForm caseId={item.id} />
      </div>
      {item.kind === 'derechos' && <RightsDesk caseId={item.id} />}
    </div>
  );
}
