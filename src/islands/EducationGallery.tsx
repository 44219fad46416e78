import { useEffect, useState, type ReactNode } from 'react';
import {
  EDUCATION_INITIAL_ITEMS,
  educationMessages,
  educationSection,
  type EducationContentType,
  type EducationDocument,
} from '../shared/education/schema.ts';
import { PageData, pageData } from '../ui/page-data.tsx';

// Spec §2 names the photo section "Galería de fotos"; its content type is "Galerías de fotos".
const sections: { type: EducationContentType; title: string; id: string }[] = [
  { type: 'Documentos educativos', title: 'Documentos educativos', id: 'documentos-educativos' },
  { type: 'Planificaciones', title: 'Planificaciones', id: 'planificaciones' },
  { type: 'Galerías de fotos', title: 'Galería de fotos', id: 'galeria-de-fotos' },
];

/** The id of the documents' data in the page (ServerEducationGalleries). */
const DOCUMENTS_DATA_ID = 'educacion-documentos';

/**
 * /educacion (spec §2, §4): three galleries of the visible education documents. The function
 * education-page writes them into the prerendered page on each request (src/filled-pages/education.ts),
 * inside this island, which shows them until it runs and then takes their place with the same
 * galleries, each with its "Cargar todos".
 */
export default function EducationGallery({ children }: { children?: ReactNode }) {
  // undefined until read, null when the page has none.
  const [documents, setDocuments] = useState<EducationDocument[] | null>();
  useEffect(() => setDocuments(pageData<EducationDocument[]>(DOCUMENTS_DATA_ID)), []);
  // An element of its own around the page's HTML: client:visible watches the island's first
  // elements, and an Astro slot has no box to be seen.
  return <div>{documents === undefined ? children : <EducationGalleries documents={documents} ready />}</div>;
}

/**
 * The galleries as the function writes them into the page, with their documents as data for the
 * island; each "Cargar todos" disabled until the island runs.
 */
export function ServerEducationGalleries({ documents }: { documents: EducationDocument[] }) {
  return (
    <>
      <EducationGalleries documents={documents} ready={false} />
      <PageData id={DOCUMENTS_DATA_ID} data={documents} />
    </>
  );
}

function EducationGalleries({ documents, ready }: { documents: EducationDocument[] | null; ready: boolean }) {
  return sections.map(({ type, title, id }) => (
    <section key={id} className="gallery" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {documents === null ? (
        <p className="load-error" role="alert">
          {educationMessages.loadFailed}
        </p>
      ) : (
        <Gallery documents={educationSection(documents, type)} ready={ready} />
      )}
    </section>
  ));
}

function Gallery({ documents, ready }: { documents: EducationDocument[]; ready: boolean }) {
  const [expanded, setExpanded] = useState(false);
  if (documents.length === 0) return <p>Pronto publicaremos material en esta sección.</p>;
  const shown = expanded ? documents : documents.slice(0, EDUCATION_INITIAL_ITEMS);
  return (
    <>
      <ul className="gallery__items">
        {shown.map((doc) => (
          <li key={doc.id} className="gallery__item">
            {doc.thumbnail && <img src={doc.thumbnail} alt="" width="400" height="300" loading="lazy" />}
            <div className="gallery__text">
              <h3>
                <a href={doc.url_file} target="_blank" rel="noopener">
                  {doc.title}
                  <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                </a>
              </h3>
              {doc.description && <p>{doc.description}</p>}
            </div>
          </li>
        ))}
      </ul>
      {!expanded && documents.length > EDUCATION_INITIAL_ITEMS && (
        <button type="button" className="link-button" disabled={!ready} onClick={() => setExpanded(true)}>
          Cargar todos<span className="visually-hidden"> ({documents.length} elementos)</span>
        </button>
      )}
    </>
  );
}
