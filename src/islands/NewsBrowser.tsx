import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  listedReports,
  REPORT_QUERY,
  reportKey,
  ReportsResponseSchema,
  resolveReportKey,
  type Report,
} from '../shared/news/schema.ts';
import { useJson } from '../ui/api.ts';

interface FixedItem {
  key: string;
  shortTitle: string;
  title: string;
}

interface NewsBrowserProps {
  /** The 11 fixed items (content/news), in sidebar order. */
  fixed: FixedItem[];
  /** Each fixed item's rendered content, passed by Astro as a named slot (its key in camelCase). */
  [slot: string]: unknown;
}

const camelCase = (key: string) => key.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** /comunicados: the sidebar of dynamic and fixed items; the key in the URL selects the item shown. */
export default function NewsBrowser({ fixed, ...slots }: NewsBrowserProps) {
  const reports = useJson('/api/reports', ReportsResponseSchema);
  const dynamic = reports.state === 'ready' ? listedReports(reports.data.reports) : [];
  const [requested, setRequested] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const read = () => setRequested(new URLSearchParams(window.location.search).get(REPORT_QUERY));
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);

  // A dynamic item's key is known only once the list has loaded: until then, keep it.
  const known = new Set([...fixed.map((item) => item.key), ...dynamic.map(reportKey)]);
  const waiting = reports.state === 'loading' && requested !== null && !known.has(requested);
  const selected = waiting ? null : resolveReportKey(requested, known);

  const select = (key: string) => {
    setRequested(key);
    window.history.pushState(null, '', `?${REPORT_QUERY}=${encodeURIComponent(key)}`);
    heading.current?.focus();
  };

  const report = dynamic.find((item) => reportKey(item) === selected);
  const fixedItem = fixed.find((item) => item.key === selected);

  // The article comes first, the list after it (beside it on a wide screen): the list grows when
  // the dynamic items arrive, and nothing on screen may move then (layout shift). The list is shown
  // whole once they have arrived (global.css hides it while it loads), fixed items included.
  return (
    <div className="news">
      <article className="news__item prose">
        {selected === null && <p role="status">Cargando…</p>}
        {report && <ReportContent report={report} headingRef={heading} />}
        {fixedItem && (
          <>
            <h2 tabIndex={-1} ref={heading}>
              {fixedItem.title}
            </h2>
            {slots[camelCase(fixedItem.key)] as ReactNode}
          </>
        )}
      </article>
      <nav className="news__nav" aria-label="Comunicados y noticias" data-state={reports.state}>
        {reports.state === 'loading' && (
          <p className="news__status" role="status">
            Cargando comunicados…
          </p>
        )}
        <ul>
          {[
            ...dynamic.map((item) => ({ key: reportKey(item), label: item.short_title })),
            ...fixed.map((item) => ({ key: item.key, label: item.shortTitle })),
          ].map(({ key, label }) => (
            <li key={key}>
              <a
                href={`?${REPORT_QUERY}=${encodeURIComponent(key)}`}
                aria-current={key === selected ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  select(key);
                }}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function ReportContent({
  report,
  headingRef,
}: {
  report: Report;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <>
      <h2 tabIndex={-1} ref={headingRef}>
        {report.title}
      </h2>
      {/* Sanitised by the server (src/server/public-lists.ts). */}
      <div dangerouslySetInnerHTML={{ __html: report.text }} />
      {report.url_file && (
        <p>
          <a href={report.url_file} target="_blank" rel="noopener">
            Ver documento<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
      )}
      {report.url_file_2 && (
        <p>
          <a href={report.url_file_2} target="_blank" rel="noopener">
            Ver documento adjunto<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
      )}
    </>
  );
}
