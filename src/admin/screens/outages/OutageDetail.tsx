import { chileMinute } from '../../../shared/time/format.ts';
import { closedStatuses, outageKindLabels, outageStatusLabels } from '../../../shared/outages/schema.ts';
import { OutageUpdateInputSchema, type AdminOutage } from '../../../shared/outages/admin/schema.ts';
import { SummarySection } from '../../components/SummaryList.tsx';
import { NoticeAlerts } from '../notices/NoticeAlerts.tsx';
import { NoticeData, NoticeDetail } from '../notices/NoticeScreens.tsx';
import { NoticeUpdates } from '../notices/NoticeUpdates.tsx';
import { AffectedExport } from './AffectedExport.tsx';
import { OutageRealTimes } from './OutageRealTimes.tsx';
import { WaterReports } from './WaterReports.tsx';
import { PublishAction, StatusActions } from './OutageActions.tsx';
import { outageKind } from './outage-kind.ts';

/** /admin/cortes/{id}: where the outage stands, what can happen next, its updates and its data. */
export default function OutageDetail() {
  return (
    <NoticeDetail kind={outageKind} title={(outage) => (outage ? `Corte en ${outage.townName}` : 'Corte de agua')}>
      {(outage) => <OutageScreen outage={outage} />}
    </NoticeDetail>
  );
}

function OutageScreen({ outage }: { outage: AdminOutage }) {
  const closed = closedStatuses.includes(outage.status);
  const current = outage.status === 'publicado' || outage.status === 'en_curso';
  return (
    <>
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
      <NoticeAlerts alerts={outage.alerts} draft={outage.status === 'borrador'} />
      <OutageRealTimes outage={outage} />
      {outage.status === 'restablecido' && <WaterReports outage={outage} />}
      <NoticeUpdates
        kind={outageKind}
        notice={outage}
        schema={OutageUpdateInputSchema}
        open={!closed}
        hint={
          current
            ? 'Se muestra en /cortes con su hora y se envía a los suscriptores de la localidad.'
            : 'Se mostrará en /cortes, con su hora, cuando publique el corte.'
        }
        told={current ? 'Se avisará a los suscriptores de la localidad.' : undefined}
      />
      {outage.status === 'restablecido' && <AffectedExport outage={outage} />}
      <NoticeData
        kind={outageKind}
        notice={outage}
        closed={closed ? 'Un corte restablecido o cancelado queda en el historial y ya no se modifica.' : undefined}
        name={`${outage.townName}: ${outage.sectors}`}
      />
    </>
  );
}
