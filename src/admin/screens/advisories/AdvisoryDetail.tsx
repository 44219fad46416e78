import { Link, useNavigate, useParams } from 'react-router';
import type { AdminAdvisory } from '../../../shared/advisories/admin/schema.ts';
import { advisoryKindLabels, advisoryStatusLabels, restrictionLevelRules } from '../../../shared/advisories/schema.ts';
import { advisoryName, townList } from '../../../shared/advisories/words.ts';
import { chileMinute } from '../../../shared/time/format.ts';
import { notify } from '../../../ui/notifications.ts';
import { DeleteButton } from '../../components/DeleteButton.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { SummarySection } from '../../components/SummaryList.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { PUBLIC_DELAY_NOTE } from '../../resources.ts';
import { useAdvisory, useAdvisoryChange } from './advisory-api.ts';
import { LiftAction, PublishAction } from './AdvisoryActions.tsx';
import { AdvisoryForm } from './AdvisoryForm.tsx';
import { AdvisoryUpdates } from './AdvisoryUpdates.tsx';

/** /admin/avisos/{id}: where the notice stands, what can happen next, its updates and its data. */
export default function AdvisoryDetail() {
  const { id = '' } = useParams();
  const advisory = useAdvisory(id);
  return (
    <>
      <PageTitle>{advisory.data ? advisoryKindLabels[advisory.data.kind] : 'Aviso'}</PageTitle>
      <QueryView query={advisory}>{(item) => <AdvisoryScreen advisory={item} />}</QueryView>
      <p>
        <Link to="/admin/avisos">Volver a Avisos</Link>
      </p>
    </>
  );
}

function AdvisoryScreen({ advisory }: { advisory: AdminAdvisory }) {
  const navigate = useNavigate();
  const save = useAdvisoryChange(advisory.id, { method: 'PUT', path: '' });
  const remove = useAdvisoryChange(advisory.id, { method: 'DELETE', path: '' });
  const towns = townList(advisory.towns.map((town) => town.name));
  return (
    <div className="outage">
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
      <AdvisoryUpdates advisory={advisory} />
      <section aria-labelledby="datos">
        <h2 id="datos">Datos del aviso</h2>
        {advisory.status === 'levantado' ? (
          <p>Un aviso levantado queda en el historial de /avisos y ya no se modifica.</p>
        ) : (
          <AdvisoryForm
            key={advisory.updatedAt}
            advisory={advisory}
            submitLabel="Guardar cambios"
            onSave={async (input) => {
              await save.mutateAsync(input);
              notify({
                kind: 'success',
                text: 'Cambios guardados.',
                ...(advisory.status === 'borrador' ? {} : { detail: PUBLIC_DELAY_NOTE }),
              });
            }}
          />
        )}
        {advisory.status === 'borrador' && (
          <DeleteButton
            what="el borrador"
            name={`${advisoryName(advisory.kind, advisory.restrictionLevel)} en ${towns}`}
            doneMessage="Borrador eliminado."
            onDelete={async () => {
              await remove.mutateAsync(undefined);
              navigate('/admin/avisos');
            }}
          />
        )}
      </section>
    </div>
  );
}
