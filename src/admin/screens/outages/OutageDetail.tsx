import { Link, useNavigate, useParams } from 'react-router';
import { chileMinute } from '../../../shared/time/format.ts';
import { closedStatuses, outageKindLabels, outageStatusLabels } from '../../../shared/outages/schema.ts';
import type { AdminOutage } from '../../../shared/outages/admin/schema.ts';
import { notify } from '../../../ui/notifications.ts';
import { DeleteButton } from '../../components/DeleteButton.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { SummarySection } from '../../components/SummaryList.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { PUBLIC_DELAY_NOTE } from '../../resources.ts';
import { useOutage, useOutageChange } from './outage-api.ts';
import { AffectedExport } from './AffectedExport.tsx';
import { OutageForm } from './OutageForm.tsx';
import { OutageRealTimes } from './OutageRealTimes.tsx';
import { PublishAction, StatusActions } from './OutageActions.tsx';
import { OutageUpdates } from './OutageUpdates.tsx';

/** /admin/cortes/{id}: where the outage stands, what can happen next, its updates and its data. */
export default function OutageDetail() {
  const { id = '' } = useParams();
  const outage = useOutage(id);
  return (
    <>
      <PageTitle>{outage.data ? `Corte en ${outage.data.townName}` : 'Corte de agua'}</PageTitle>
      <QueryView query={outage}>{(item) => <OutageScreen outage={item} />}</QueryView>
      <p>
        <Link to="/admin/cortes">Volver a Cortes de agua</Link>
      </p>
    </>
  );
}

function OutageScreen({ outage }: { outage: AdminOutage }) {
  const navigate = useNavigate();
  const save = useOutageChange(outage.id, { method: 'PUT', path: '' });
  const remove = useOutageChange(outage.id, { method: 'DELETE', path: '' });
  const closed = closedStatuses.includes(outage.status);
  const name = `${outage.townName}: ${outage.sectors}`;
  return (
    <div className="outage">
      <SummarySection
        id="situacion"
        title="Situación"
        rows={[
          ['Estado', outageStatusLabels[outage.status]],
          ['Tipo', outageKindLabels[outage.kind]],
          ['Inicio', chileMinute(outage.startsAt)],
          ['Reposición estimada', chileMinute(outage.endsAt)],
          ...(outage.publishedAt ? ([['Publicado', chileMinute(outage.publishedAt)]] as const) : []),
          ...(outage.shortNoticeReason ? ([['Aviso con menos de 48 horas', outage.shortNoticeReason]] as const) : []),
          ...(outage.closedAt ? ([['Cerrado', chileMinute(outage.closedAt)]] as const) : []),
        ]}
      >
        {outage.status === 'borrador' ? <PublishAction outage={outage} /> : <StatusActions outage={outage} />}
      </SummarySection>
      <OutageRealTimes outage={outage} />
      <OutageUpdates outage={outage} />
      {outage.status === 'restablecido' && <AffectedExport outage={outage} />}
      <section aria-labelledby="datos">
        <h2 id="datos">Datos del corte</h2>
        {closed ? (
          <p>Un corte restablecido o cancelado queda en el historial y ya no se modifica.</p>
        ) : (
          <OutageForm
            key={outage.updatedAt}
            outage={outage}
            submitLabel="Guardar cambios"
            onSave={async (input) => {
              await save.mutateAsync(input);
              notify({
                kind: 'success',
                text: 'Cambios guardados.',
                ...(outage.status === 'borrador' ? {} : { detail: PUBLIC_DELAY_NOTE }),
              });
            }}
          />
        )}
        {outage.status === 'borrador' && (
          <DeleteButton
            what="el borrador"
            name={name}
            doneMessage="Borrador eliminado."
            onDelete={async () => {
              await remove.mutateAsync(undefined);
              navigate('/admin/cortes');
            }}
          />
        )}
      </section>
    </div>
  );
}
