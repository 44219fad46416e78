import { useState } from 'react';
import { formatDateTime } from '../../../shared/time/format.ts';
import {
  RightsErasureAnswerSchema,
  RightsExportAnswerSchema,
  type ErasureOutcome,
  type RightsDesk,
} from '../../../shared/rights/desk/schema.ts';
import type { FoundRecord, PersonalData } from '../../../shared/rights/records/schema.ts';
import { thirdPartyTexts } from '../../../shared/rights/desk/texts.ts';
import { recordSources } from '../../../shared/rights/records/texts.ts';
import { notify } from '../../../ui/notifications.ts';
import { failureMessage } from '../../api-client.ts';
import { DeleteButton } from '../../components/DeleteButton.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { SummaryList } from '../../components/SummaryList.tsx';
import { RectificationForm } from './RectificationForm.tsx';
import { usePersonalData, useRightsAction } from './rights-api.ts';

const keyOf = (record: Pick<FoundRecord, 'source' | 'id'>) => `${record.source}:${record.id}`;

/**
 * Lo que el sitio guarda de la persona: the records of the request's confirmed e-mail, and those
 * of other people found by its RUT or service number, marked "De un tercero" with why (never a
 * denuncia); and what the answer does with them: a copy mailed as a single-use download (their
 * own records, and the others staff include one by one), their own chosen records erased, a field
 * of theirs corrected, the processing blocked.
 */
export function PersonalDataSection({ caseId, rights }: { caseId: string; rights: RightsDesk }) {
  const data = usePersonalData(caseId, true);
  return (
    <section aria-labelledby="datos-persona" className="rights-data">
      <h3 id="datos-persona">Lo que el sitio guarda de esta persona</h3>
      <QueryView query={data}>
        {({ subject, records }) => (
          <>
            {!rights.proofReceivedAt && (
              <p className="rights-desk__notice" role="note">
                {thirdPartyTexts.unproven}
              </p>
            )}
            <FoundRecords caseId={caseId} rights={rights} subject={subject} records={records} />
          </>
        )}
      </QueryView>
    </section>
  );
}

/** "el RUT 12.345.678-5 o el número de servicio 100001": the typed keys that find others' records. */
const typedKeys = ({ rut, serviceNumber }: PersonalData['subject']) =>
  [...(rut ? [`el RUT ${rut}`] : []), ...(serviceNumber ? [`el número de servicio ${serviceNumber}`] : [])].join(' o ');

function FoundRecords({
  caseId,
  rights,
  subject,
  records,
}: {
  caseId: string;
  rights: RightsDesk;
  subject: PersonalData['subject'];
  records: FoundRecord[];
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [erased, setErased] = useState<ErasureOutcome>();
  const sendCopy = useRightsAction(caseId, 'export', RightsExportAnswerSchema);
  const erase = useRightsAction(caseId, 'erasure', RightsErasureAnswerSchema);
  const block = useRightsAction(caseId, 'block');
  const include = useRightsAction(caseId, 'inclusion');
  const own = records.filter((record) => !record.thirdParty);
  const others = records.length - own.length;

  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const run = async (action: () => Promise<string>) => {
    try {
      notify({ kind: 'success', text: await action() });
    } catch (error) {
      notify({ kind: 'error', text: failureMessage(error) });
    }
  };

  const eraseChosen = async () => {
    const { outcome } = await erase.mutateAsync({
      records: records.filter((record) => chosen.has(keyOf(record))).map(({ source, id }) => ({ source, id })),
    });
    setChosen(new Set());
    setErased(outcome);
  };

  if (records.length === 0) return <p>{thirdPartyTexts.nothing(subject.email)}</p>;

  return (
    <>
      <p className="muted">{thirdPartyTexts.found(own.length, subject.email, others, typedKeys(subject))}</p>
      {others > 0 && (
        <p className="rights-desk__notice" role="note">
          {thirdPartyTexts.notice}
        </p>
      )}
      <ul className="rights-data__records">
        {records.map((record) => {
          const key = keyOf(record);
          const title = `${recordSources[record.source]}${record.reference ? ` ${record.reference}` : ''}`;
          const { thirdParty } = record;
          const heading = (
            <>
              <strong>{title}</strong> <span className="muted">{formatDateTime(record.createdAt)}</span>
            </>
          );
          return (
            <li key={key} className={`rights-record${thirdParty ? ' rights-record--third-party' : ''}`}>
              {thirdParty ? (
                <div className="rights-record__head rights-record__head--third-party">
                  <span className="rights-record__mark">{thirdPartyTexts.mark}</span>
                  <span>{heading}</span>
                  <span className="rights-record__reason">{thirdParty.reason}</span>
                </div>
              ) : (
                <div className="rights-record__head">
                  <input type="checkbox" id={`elegir-${key}`} checked={chosen.has(key)} onChange={() => toggle(key)} />
                  <label htmlFor={`elegir-${key}`}>{heading}</label>
                </div>
              )}
              <SummaryList rows={record.fields.map(({ label, value }) => [label, value || '—'] as const)} />
              {record.files.length > 0 && (
                <p className="muted">Archivos: {record.files.map((file) => file.name).join(', ')}</p>
              )}
              {thirdParty && (
                <div className="rights-record__inclusion">
                  {thirdParty.includedAt && (
                    <p className="muted">
                      {thirdPartyTexts.included(thirdParty.includedBy ?? '—', formatDateTime(thirdParty.includedAt))}
                    </p>
                  )}
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={include.isPending}
                    aria-label={`${thirdParty.includedAt ? thirdPartyTexts.exclude : thirdPartyTexts.include}: ${title}`}
                    onClick={() =>
                      void run(async () => {
                        const included = !thirdParty.includedAt;
                        await include.mutateAsync({ source: record.source, id: record.id, included });
                        return included ? thirdPartyTexts.include : thirdPartyTexts.exclude;
                      })
                    }
                  >
                    {thirdParty.includedAt ? thirdPartyTexts.exclude : thirdPartyTexts.include}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="rights-data__actions">
        <button
          type="button"
          className="button"
          disabled={sendCopy.isPending}
          onClick={() =>
            void run(async () => {
              const { expiresAt } = await sendCopy.mutateAsync({});
              return `Enlace de descarga enviado al correo confirmado; vence el ${formatDateTime(expiresAt)}.`;
            })
          }
        >
          {sendCopy.isPending && <span className="spinner" aria-hidden="true" />}
          Enviar copia de los datos
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={block.isPending || rights.blocks.length > 0}
          onClick={() =>
            void run(async () => {
              await block.mutateAsync({});
              return 'Tratamiento bloqueado: ningún correo ni aviso llegará a estos datos.';
            })
          }
        >
          Bloquear el tratamiento
        </button>
        {chosen.size > 0 && (
          <DeleteButton
            what={`${chosen.size} registros elegidos de`}
            name={rights.reference}
            onDelete={eraseChosen}
            doneMessage="Supresión registrada."
            doneDetail="El resultado queda en la nota interna del caso."
          />
        )}
      </div>
      {erased && (
        <div className="rights-desk__notice" role="status">
          <p>Se eliminaron {erased.erased.length} registros.</p>
          {erased.kept.length > 0 && (
            <ul>
              {erased.kept.map((item) => (
                <li key={keyOf(item)}>
                  Se conserva {recordSources[item.source].toLowerCase()}: {item.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <RectificationForm caseId={caseId} records={own} />
    </>
  );
}
