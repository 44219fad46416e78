import { useState } from 'react';
import { useHydrated } from './use-hydrated.ts';
import { SelectField } from './forms/SelectField.tsx';

interface PlanDocument {
  group: string;
  title: string;
  url: string;
}

interface Locality {
  id: string;
  name: string;
  documents: PlanDocument[];
}

/** /nosotros#plan-de-desarrollo (spec §2): per locality, choose a document and Descargar opens it. */
export default function DevelopmentPlans({ localities }: { localities: Locality[] }) {
  return (
    <ul className="plan-list">
      {localities.map((locality) => (
        <LocalityPlan key={locality.id} locality={locality} />
      ))}
    </ul>
  );
}

function LocalityPlan({ locality }: { locality: Locality }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const ready = useHydrated();
  const open = () => {
    if (!url) {
      setError('Seleccione un documento.');
      return;
    }
    setError(undefined);
    window.open(url, '_blank', 'noopener');
  };
  return (
    <li>
      <form
        className="plan"
        aria-label={`Plan de desarrollo de ${locality.name}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          open();
        }}
      >
        <SelectField
          id={`plan-${locality.id}`}
          label={locality.name}
          required
          placeholder="Seleccione un documento"
          value={url}
          options={locality.documents.map((doc) => ({ value: doc.url, label: doc.title }))}
          onChange={(value) => {
            setUrl(value);
            setError(undefined);
          }}
          error={error}
        />
        <button type="submit" className="button button--secondary" disabled={!ready}>
          Descargar
        </button>
      </form>
    </li>
  );
}
