import { formatDateTime } from '../../../shared/time/format.ts';
import { longDate } from '../../../shared/time/long-date.ts';
import type { RightsDesk as Desk } from '../../../shared/rights/desk/schema.ts';
import { rightsMessages, rightTypes } from '../../../shared/rights/texts.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { SummaryList } from '../../components/SummaryList.tsx';
import { PersonalDataSection } from './PersonalDataSection.tsx';
import { ExtensionForm, ProofForm } from './RightsForms.tsx';
import { useRightsDesk } from './rights-api.ts';

/**
 * Derechos de datos (Ley 21.719), on a rights request's case: whether the e-mail is confirmed, the
 * one extension, the proof of identity asked and received, the links sent, the blocks; then, once
 * the e-mail is confirmed, what the site holds about the person and the actions on it.
 */
export function RightsDesk({ caseId }: { caseId: string }) {
  const desk = useRightsDesk(caseId);
  return <QueryView query={desk}>{(rights) => <RightsWork caseId={caseId} rights={rights} />}</QueryView>;
}

const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso) : none);

function RightsWork({ caseId, rights }: { caseId: string; rights: Desk }) {
  const confirmed = rights.emailConfirmedAt !== null;
  return (
    <section aria-labelledby="derechos" className="rights-desk">
      <h2 id="derechos">Derechos de datos</h2>
      <SummaryList
        rows={[
          ['Derecho', rightTypes[rights.type].label],
          ['Correo electrónico', confirmed ? `Confirmado el ${when(rights.emailConfirmedAt, '')}` : 'Sin confirmar'],
          [
            'Plazo',
            rights.extendedAt
              ? `Ampliado una vez el ${formatDateTime(rights.extendedAt)}, hasta el ${longDate(rights.dueOn)}. Motivo: ${rights.extensionReason ?? ''}`
              : `Hasta el ${longDate(rights.dueOn)}; se puede ampliar una sola vez en 15 días hábiles.`,
          ],
          [
            'Prueba de identidad pedida',
            rights.proofRequested ? `${rights.proofRequested} (${when(rights.proofRequestedAt, '')})` : '—',
          ],
          [
            'Prueba recibida',
            rights.proofReceived ? `${rights.proofReceived} (${when(rights.proofReceivedAt, '')})` : '—',
          ],
          [
            'Enlaces de descarga enviados',
            rights.exports.length === 0 ? (
              '—'
            ) : (
              <ul className="rights-desk__exports">
                {rights.exports.map((sent) => (
                  <li key={sent.id}>
                    {`Enviado el ${formatDateTime(sent.createdAt)}: `}
                    {sent.downloadedAt
                      ? `descargado el ${formatDateTime(sent.downloadedAt)}`
                      : `vence el ${formatDateTime(sent.expiresAt)}`}
                  </li>
                ))}
              </ul>
            ),
          ],
          [
            'Bloqueo u oposición',
            rights.blocks.length === 0
              ? '—'
              : rights.blocks
                  .map((block) => `${rightTypes[block.kind].label} desde el ${formatDateTime(block.createdAt)}`)
                  .join('; '),
          ],
        ]}
      />
      {!confirmed && (
        <p className="rights-desk__notice" role="note">
          {rightsMessages.notConfirmed}
        </p>
      )}
      <div className="rights-desk__forms">
        {!rights.extendedAt && <ExtensionForm caseId={caseId} />}
        <ProofForm caseId={caseId} />
      </div>
      {confirmed && <PersonalDataSection caseId={caseId} rights={rights} />}
    </section>
  );
}
