import { lazy, Suspense, useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import type { FieldRules } from '../../shared/fields.ts';
import type { OutageLookupHistory, OutagesResponse } from '../../shared/outages/schema.ts';
import { OutagesResponseSchema } from '../../shared/outages/schema.ts';
import { aysenInstantClock } from '../../shared/time/aysen-instant.ts';
import { callApi } from '../../ui/api.ts';
import { Field } from '../../ui/forms/Field.tsx';
import { useSchemaForm, type FieldSpec } from '../../ui/forms/use-schema-form.ts';
import { leafletStylesheet } from '../leaflet-stylesheet.ts';
import OutageList, { MapSpace } from './OutageList.tsx';
import { useNearWindow } from '../use-near-window.ts';

// Leaflet touches `window` when imported, and is most of the page's weight: loaded after the list,
// once the map's room nears the window (use-near-window.ts), with its stylesheet
// (leaflet-stylesheet.ts), which would otherwise hold the page's first paint.
const OutagesMap = lazy(() =>
  Promise.all([import('./OutagesMap.tsx'), leafletStylesheet()]).then(([module]) => module),
);
// ¿Me afecta?'s history: only a visitor who asks needs it (the page's JavaScript budget).
const loadLookupHistory = () => import('./LookupHistory.tsx');
const LookupHistory = lazy(loadLookupHistory);

/** Sydney Water's map refreshes every 10 minutes; an outage's news matter sooner here. */
const REFRESH_MS = 3 * 60_000;

const fields = {
  serviceNumber: {
    label: 'Número de servicio',
    hint: 'Aparece en su boleta, sin dígito verificador. Solo lo usamos para saber su localidad.',
    inputMode: 'numeric',
    autoComplete: 'off',
  },
} satisfies Record<'serviceNumber', FieldSpec>;

interface OutagesBoardProps {
  rules: FieldRules<'serviceNumber'>;
  tiles: { url: string; attribution: string };
  /** The list the server put in the page (and the map's room), shown until this island has data. */
  children?: ReactNode;
}

/**
 * /cortes: the list, refreshed from GET /api/outages every few minutes, with a town filter, "¿Me
 * afecta?" and the map. The prerendered page has all of it but the list, which the server puts
 * inside (`children`) and this island replaces with the same list once it has data: nothing moves
 * as it loads (layout shift). Without JavaScript the page keeps the server's list, and the tools,
 * which need the island, are not shown (global.css).
 */
export default function OutagesBoard({ rules, tiles, children }: OutagesBoardProps) {
  const [data, setData] = useState<OutagesResponse>();
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [town, setTown] = useState('');
  const [mapFailed, setMapFailed] = useState(false);
  const [lookup, setLookup] = useState<{ town: string; history: OutageLookupHistory }>();
  const form = useSchemaForm(fields, rules, { draftKey: 'draft:cortes', clearOnSuccess: false });
  const [mapRoom, mapNear] = useNearWindow();

  useEffect(() => {
    const load = async () => {
      const answer = await callApi('/api/outages', OutagesResponseSchema);
      setRefreshFailed(!answer.ok);
      if (answer.ok) setData(answer.body);
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const onLookup = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLookup(undefined);
    void loadLookupHistory();
    void form.submit(async (request) => {
      const answer = await callApi(
        '/api/outages/lookup',
        import('../../shared/outages/schema.ts').then((module) => module.OutageLookupResponseSchema),
        { method: 'POST', json: request },
      );
      if (answer.ok) {
        setLookup({ town: answer.body.town, history: answer.body.history });
        setTown(answer.body.town);
        return { ok: true };
      }
      return {
        ok: false,
        errors: { serviceNumber: answer.failure.message ?? 'No pudimos consultar su servicio. Intente de nuevo.' },
      };
    });
  };

  const outages = data?.outages ?? [];
  const towns = data?.towns ?? [];
  const shown = town ? outages.filter((outage) => outage.town === town) : outages;
  const townName = towns.find((candidate) => candidate.slug === town)?.name;
  return (
    <div className="outages">
      <p className="outages__updated" role="status">
        {data
          ? `Actualizado a las ${aysenInstantClock(data.readAt)}${refreshFailed ? '. No pudimos actualizarlo después; se reintentará en unos minutos.' : ''}`
          : refreshFailed
            ? 'No pudimos actualizar el listado. Se muestra el de la carga de la página.'
            : 'Actualizando el listado…'}
      </p>
      <div className="outages__tools">
        <div className="outages__lookup-form">
          <h3 className="outages__tool-title">¿Me afecta?</h3>
          <form
            ref={form.formRef}
            className="form form--inline"
            noValidate
            onSubmit={onLookup}
            aria-busy={form.sending}
          >
            <Field {...form.text('serviceNumber')} />
            <button type="submit" className="button" disabled={!form.ready || form.sending}>
              Consultar
            </button>
          </form>
        </div>
        <div className="field">
          <label htmlFor="cortes-localidad">Localidad</label>
          <select id="cortes-localidad" value={town} disabled={!data} onChange={(event) => setTown(event.target.value)}>
            <option value="">Todas las localidades</option>
            {towns.map((candidate) => (
              <option key={candidate.slug} value={candidate.slug}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {/* Under the form; outside the live region, which says the sentence below: the table is read at will. */}
      {lookup && lookup.town === town && townName && (
        <Suspense fallback={null}>
          <LookupHistory history={lookup.history} townName={townName} />
        </Suspense>
      )}
      <div aria-live="polite">
        {lookup && lookup.town === town && (
          <p className="outages__lookup">
            Su servicio está en {townName}.{' '}
            {shown.length === 0
              ? 'No hay cortes vigentes ni programados en su localidad.'
              : 'Estos cortes afectan a su localidad:'}
          </p>
        )}
      </div>
      {data ? (
        <>
          <OutageList
            outages={shown}
            towns={towns}
            {...(townName && { emptyText: `No hay cortes vigentes ni programados en ${townName}.` })}
          />
          {shown.length > 0 &&
            !mapFailed &&
            (mapNear ? (
              <Suspense fallback={<MapSpace />}>
                <OutagesMap outages={shown} towns={towns} tiles={tiles} onTilesFailed={() => setMapFailed(true)} />
              </Suspense>
            ) : (
              <MapSpace ref={mapRoom} />
            ))}
          {mapFailed && (
            <p className="places__fallback" role="status">
              El mapa no está disponible en este momento. Los cortes y los puntos de abastecimiento están en la lista.
            </p>
          )}
        </>
      ) : (
        children
      )}
    </div>
  );
}
