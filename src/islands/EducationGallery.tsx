import { useState } from 'react';
import {
  EDUCATION_INITIAL_ITEMS,
  EducationResponseSchema,
  educationMessages,
  educationSection,
  type EducationContentType,
  type EducationDocument,
} from '../shared/education/schema.ts';
import { useJson } from '../ui/api.ts';

// Spec §2 names the photo section "Galería de fotos"; its content type is "Galerías de fotos".
const sections: { type: EducationContentType; title: string; id: string }[] = [
  { type: 'Documentos educativos', title: 'Documentos educativos', id: 'documentos-educativos' },
  { type: 'Planificaciones', title: 'Planificaciones', id: 'planificaciones' },
  { type: 'Galerías de fotos', title: 'Galería de fotos', id: 'galeria-de-fotos' },
];

/** /educacion (spec §2, §4): three galleries fed by GET /api/education/documents. */
export default function EducationGallery() {
  const loaded = useJson('/api/education/documents', EducationResponseSchema);
  return (
    <>
      {sections.map(({ type, title, id }) => (
        <section key={id} className="gallery" aria-labelledby={id}>
          <h2 id={id}>{title}</h2>
          {loaded.state === 'loading' && <Loading />}
          {loaded.state === 'failed' && (
            <p className="load-error" role="alert">
              {educationMessages.loadFailed}
            </p>
          )}
          {loaded.state === 'ready' && <Gallery documents={educationSection(loaded.data.documents, type)} />}
        </section>
      ))}
    </>
  );
}

/**
 * While the list loads, the space of a section's first items is kept (without it the sections
 * below moved when the items arrived, a layout shift of 0.165): empty items of the same shape, the
 * status over them.
 */
function Loading() {
  return (
    <div className="gallery__loading">
      <p className="gallery__status" role="status">
        <span className="spinner spinner--dark" aria-hidden="true" /> Cargando archivos…
      </p>
      <ul className="gallery__items" aria-hidden="true">
        {Array.from({ length: EDUCATION_INITIAL_ITEMS }, (_, index) => (
          <li key={index} className="gallery__item gallery__item--placeholder">
            <div className="gallery__placeholder-image" />
            <div className="gallery__text">
              <h3>&nbsp;</h3>
              <p>
                &nbsp;
                <br />
                &nbsp;
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Gallery({ documents }: { documents: EducationDocument[] }) {
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
        <button type="button" className="link-button" onClick={() => setExpanded(true)}>
          Cargar todos<span className="visually-hidden"> ({documents.length} elementos)</span>
        </button>
      )}
    </>
  );
}
