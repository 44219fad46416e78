import { useState } from 'react';
import { DocumentsResponseSchema, documentMessages, yearsOffered, type FileType } from '../shared/documents/schema.ts';
import { useJson, type Loaded } from '../ui/api.ts';
import { SelectField } from './forms/SelectField.tsx';

/** /nosotros#memorias-estados-financieros (spec §2): a year selector and download per kind. */
export default function CompanyDocuments() {
  const loaded = useJson('/api/documents', DocumentsResponseSchema);
  return (
    <div className="document-pickers">
      <YearPicker fileType="memories" title="Memorias" loaded={loaded} />
      <YearPicker fileType="financial" title="Estados financieros" loaded={loaded} />
      {loaded.state === 'failed' && (
        <p className="load-error" role="alert">
          No se pudieron cargar los documentos. Por favor intente más tarde.
        </p>
      )}
    </div>
  );
}

interface YearPickerProps {
  fileType: FileType;
  title: string;
  loaded: Loaded<{ documents: Parameters<typeof yearsOffered>[0] }>;
}

function YearPicker({ fileType, title, loaded }: YearPickerProps) {
  const [year, setYear] = useState('');
  const [error, setError] = useState<string>();
  const years = loaded.state === 'ready' ? yearsOffered(loaded.data.documents, fileType) : [];

  const download = () => {
    if (!year) {
      setError(documentMessages.chooseYear);
      return;
    }
    setError(undefined);
    // Spec §7: the download opens in a new window.
    window.open(`/api/download?fileType=${fileType}&year=${year}`, '_blank', 'noopener');
  };

  return (
    <form
      className="document-picker"
      aria-labelledby={`${fileType}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        download();
      }}
    >
      <h3 id={`${fileType}-title`}>{title}</h3>
      <SelectField
        id={`${fileType}-year`}
        label="Año"
        required
        placeholder={loaded.state === 'loading' ? 'Cargando…' : 'Seleccione un año'}
        value={year}
        options={years.map((y) => ({ value: String(y), label: String(y) }))}
        onChange={(value) => {
          setYear(value);
          setError(undefined);
        }}
        error={error}
        disabled={loaded.state !== 'ready'}
      />
      <button type="submit" className="button" disabled={loaded.state !== 'ready'}>
        Descargar
      </button>
    </form>
  );
}
