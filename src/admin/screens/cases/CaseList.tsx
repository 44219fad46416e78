import { useSearchParams } from 'react-router';
import { CaseListQuerySchema } from '../../../shared/cases/schema.ts';
import { FilteredPages } from '../../components/FilteredPages.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { filtersFrom, queryOf } from '../../url-filters.ts';
import { useCaseList } from './case-api.ts';
import { CaseFiltersForm } from './CaseFiltersForm.tsx';
import { CaseSettingsSection } from './CaseSettingsForm.tsx';
import { CaseTable } from './CaseTable.tsx';

/**
 * /admin/atencion (Atención ciudadana): the reclamos, mensajes, postulaciones and motorhome
 * registrations, filtered and paged by the server, the next one due first.
 */
export default function CaseList() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(CaseListQuerySchema, params);
  const search = queryOf(filters);
  const cases = useCaseList(search);

  return (
    <>
      <PageTitle>Atención ciudadana</PageTitle>
      <p className="screen-intro">
        Reclamos, mensajes, postulaciones y registros de motorhome, los que vencen primero arriba. Los vencidos y los
        que vencen en los próximos días hábiles llevan una marca.
      </p>
      <CaseSettingsSection />
      <CaseFiltersForm
        filters={filters}
        localities={cases.data?.localities ?? []}
        onApply={(next) => setParams(queryOf(next))}
      />
      <FilteredPages
        query={cases}
        filters={filters}
        count={(page) => page.cases.length}
        empty={{ filtered: 'No hay casos que coincidan con los filtros.', none: 'Aún no hay casos.' }}
      >
        {(page) => <CaseTable rows={page.cases} total={page.total} search={search} />}
      </FilteredPages>
    </>
  );
}
