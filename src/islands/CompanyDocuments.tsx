import { useEffect, useState, type ReactNode } from 'react';
import { documentMessages, yearsOffered, type CompanyDocument, type FileType } from '../shared/documents/schema.ts';
import { PageData, pageData } from '../ui/page-data.tsx';
import { SelectField } from './forms/SelectField.tsx';

/** The id of the documents' data in the page (ServerCompanyDocuments). */
const DOCUMENTS_DATA_ID = 'nosotros-documentos';

/**
 * /nosotros#memorias-estados-financieros (spec §2): a year selector and download per kind. The
 * function company-page writes the selectors with their years into the prerendered page on each
 * request (src/filled-pages/company.ts), inside this island, which shows them until it runs and
 * then takes their place with the same selectors.
 */
export default function CompanyDocuments({ children }: { children?: ReactNode }) {
  // undefined until read, null when the page has none.
  const [documents, setDocuments] = useState<CompanyDocument[] | null>();
  useEffect(() => setDocuments(pageData<CompanyDocument[]>(DOCUMENTS_DATA_ID)), []);
  // An element of its own around the page's HTML: client:visible watches the island's first
  // elements, and an Astro slot has no box to be seen.
  return (
    <div className="document-pickers">
      {documents === undefined ? children : <DocumentPickers documents={documents} ready />}
    </div>
  );
}

/**
 * The selectors as the function writes them into the page, with the documents as data for the
 * island: their years readable, the selectors disabled until the island runs (a download opens
 * its window from the island's script).
 */
export function ServerCompanyDocuments({ documents }: { documents: CompanyDocument[] }) {
  return (
    <>
      <DocumentPickers documents={documents} ready={false} />
      <PageData id={DOCUMENTS_DATA_ID} data={documents} />
    </>
  );
}

function DocumentPickers({ documents, ready }: { documents: CompanyDocument[] | null; ready: boolean }) {
  const enabled = ready && documents !== null;
  return (
    <>
      <YearPicker fileType="memories" title="Memorias" documents={documents} enabled={enabled} />
      <YearPicker fileType="financial" title="Estados financieros" documents={documents} enabled={enabled} />
      {documents === null && (
        <p className="load-error" role="alert">
          No se pudieron cargar los documentos. Por favor intente más tarde.
        </p>
      )}
    </>
  );
}

interface YearPickerProps {
  fileType: FileType;
  title: string;
  documents: CompanyDocument[] | null;
  enabled: boolean;
}

function YearPicker({ fileType, title, documents, enabled }: YearPickerProps) {
  const [year, setYear] = useState('');
  const [error, setError] = useState<string>();
  const years = documents ? yearsOffered(documents, fileType) : [];

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
        placeholder="Seleccione un año"
        value={year}
        options={years.map((y) => ({ value: String(y), label: String(y) }))}
        onChange={(value) => {
          setYear(value);
          setError(undefined);
        }}
        error={error}
        disabled={!enabled}
      />
      <button type="submit" className="button" disabled={!enabled}>
        Descargar
      </button>
    </form>
  );
}
