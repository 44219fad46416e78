import { AdvisoryUpdateInputSchema, type AdminAdvisory } from '../../../shared/advisories/admin/schema.ts';
import { advisoryKindLabels, advisoryStatusLabels, restrictionLevelRules } from '../../../shared/advisories/schema.ts';
import { advisoryName } from '../../../shared/advisories/words.ts';
import { spanishList } from '../../../shared/spanish-list.ts';
import { chileMinute } from '../../../shared/time/format.ts';
import { SummarySection } from '../../components/SummaryList.tsx';
import { NoticeAlerts } from '../notices/NoticeAlerts.tsx';
import { NoticeData, NoticeDetail } from '../notices/NoticeScreens.tsx';
import { NoticeUpdates } from '../notices/NoticeUpdates.tsx';
import { LiftAction, PublishAction } from './AdvisoryActions.tsx';
import { advisoryKind } from './advisory-kind.ts';

/** /admin/avisos/{id}: where the notice stands, what can happen next, its updates and its data. */
export default function AdvisoryDetail() {
  return (
    <NoticeDetail kind={advisoryKind} title={(advisory) => (advisory ? advisoryKindLabels[advisory.kind] : 'Aviso')}>
      {(advisory) => <AdvisoryScreen advisory={advisory} />}
    </NoticeDetail>
  );
}

function AdvisoryScreen({ advisory }: { advisory: AdminAdvisory }) {
  const towns = spanishList(advisory.towns.map((town) => town.name));
  return (
    <>
      <SummarySection
        id="situacion"
        title="Situación"
        rows={[
          ['Estado', advisoryStatusLabels[advisory.status]],
          ['Localidades', towns],
          ...(advisory.restrictionLevel === null
            ? []
            : ([['Nivel', restrictionLevelRules[advisory.restrictionLevel]]] as const)),
          ['Desde', chileMinute(advisory.startsAt)],
          ['Término esperado', advisory.endsAt ? chileMinute(advisory.endsAt) : 'Sin fecha'],
          ...(advisory.publishedAt ? ([['Publicado', chileMinute(advisory.publishedAt)]] as const) : []),
          ...(advisory.liftedAt
            ? ([
                ['Levantado', chileMinute(advisory.liftedAt)],
                ['Mensaje de término', advisory.liftMessage],
              ] as const)
            : []),
        ]}
      >
        {advisory.status === 'borrador' && <PublishAction advisory={advisory} />}
        {advisory.status === 'publicado' && <LiftAction advisory={advisory} />}
      </SummarySection>
      <NoticeAlerts alerts={advisory.alerts} draft={advisory.status === 'borrador'} />
      {/* While it is in force, an update is mailed to the subscribers of its towns. */}
      <NoticeUpdates
        kind={advisoryKind}
        notice={advisory}
        schema={AdvisoryUpdateInputSchema}
        open={advisory.status === 'publicado'}
        hint="Se muestra en /avisos con su hora y se envía a los suscriptores de sus localidades."
        told="Se avisará a los suscriptores de sus localidades."
      >
        {advisory.status === 'borrador' && <p>Podrá agregar actualizaciones una vez publicado el aviso.</p>}
      </NoticeUpdates>
      <NoticeData
        kind={advisoryKind}
        notice={advisory}
        closed={
          advisory.status === 'levantado'
            ? 'Un aviso levantado queda en el historial de /avisos y ya no se modifica.'
            : undefined
        }
        name={`${advisoryName(advisory.kind, advisory.restrictionLevel)} en ${towns}`}
      />
    </>
  );
}
