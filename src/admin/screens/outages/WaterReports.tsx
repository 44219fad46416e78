import type { AdminOutage } from '../../../shared/outages/admin/schema.ts';
import { STILL_WITHOUT_WATER_TOLERATED } from '../../../shared/indicators/texts.ts';
import { notify } from '../../../ui/notifications.ts';
import { failureMessage } from '../../api-client.ts';
import { SummarySection } from '../../components/SummaryList.tsx';
import { useOutageChange } from './outage-api.ts';

const phones = (count: number) => (count === 1 ? '1 teléfono' : `${count} teléfonos`);

/**
 * "Siguen sin agua": the phones that answered SIGO SIN AGUA to the restoration's alert, and the
 * button that marks them answered once a crew has seen to them. While more than
 * STILL_WITHOUT_WATER_TOLERATED wait, /indicadores does not count the corte as restored within 12 hours.
 */
export function WaterReports({ outage }: { outage: AdminOutage }) {
  const answer = useOutageChange(outage.id, { method: 'PUT', path: '/water-reports' });
  const { stillWithoutWater: total, stillWithoutWaterUnanswered: waiting } = outage;
  const mark = async () => {
    try {
      await answer.mutateAsync({});
      notify({ kind: 'success', text: 'Las respuestas quedaron atendidas.' });
    } catch (error) {
      notify({ kind: 'error', text: failureMessage(error) });
    }
  };
  return (
    <SummarySection
      id="siguen-sin-agua"
      title="Siguen sin agua"
      rows={[
        [
          'Respuestas SIGO SIN AGUA al aviso de reposición',
          total === 0
            ? 'Nadie respondió SIGO SIN AGUA al aviso de reposición.'
            : `${phones(total)} ${total === 1 ? 'respondió' : 'respondieron'} SIGO SIN AGUA al aviso de reposición.`,
        ],
        ...(total === 0 ? [] : ([['Sin atender', waiting === 0 ? 'Ninguna' : phones(waiting)]] as const)),
      ]}
    >
      {waiting > 0 && (
        <div className="notice-actions">
          <p>
            {waiting > STILL_WITHOUT_WATER_TOLERATED
              ? `Mientras haya más de ${STILL_WITHOUT_WATER_TOLERATED} sin atender, /indicadores no cuenta este corte como restablecido dentro de 12 horas.`
              : 'Márquelas cuando una cuadrilla haya revisado esos sectores.'}
          </p>
          <button type="button" className="button" disabled={answer.isPending} onClick={() => void mark()}>
            Marcar como atendidas
          </button>
        </div>
      )}
    </SummarySection>
  );
}
