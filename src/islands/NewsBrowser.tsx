import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  keyOfPath,
  REPORT_QUERY,
  REPORTS_PATH,
  reportKey,
  reportPath,
  resolveReportKey,
} from '../shared/news/item-keys.ts';
import type { Report } from '../shared/news/schema.ts';
import { PageData, pageData } from '../ui/page-data.tsx';

/** A fixed item of content/news, its content rendered to HTML at build. */
export interface FixedNewsItem {
  key: string;
  shortTitle: string;
  title: string;
  html: string;
}

/** The id of the fixed items' data, which the built page holds (src/pages/comunicados.astro). */
export const FIXED_NEWS_DATA_ID = 'comunicados-fijos';
/** The id of the dynamic items' data, which the function writes (ServerNews). */
const REPORTS_DATA_ID = 'comunicados-dinamicos';

interface NewsItems {
  /** The 11 fixed items, in sidebar order. */
  fixed: FixedNewsItem[];
  /** The active dynamic items, by their order. */
  dynamic: Report[];
}

/**
 * /comunicados (spec §2): the sidebar of dynamic and fixed items; the key in the URL selects the
 * item shown, each item at its own address (/comunicados/{key}). The function news-page writes the
 * list and the item the URL names into the prerendered page on each request (src/filled-pages/news.ts), inside this island, which keeps
 * that HTML until the visitor chooses an item and then shows it without loading a page, from the
 * same data.
 */
export default function NewsBrowser({ children }: { children?: ReactNode }) {
  // undefined while the page's HTML shows the item its URL names.
  const [requested, setRequested] = useState<string | null>();
  const items = useRef<NewsItems>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  useEffect(() => {
    // Without the function's data (`astro dev`), the fixed items alone.
    items.current = { fixed: pageData(FIXED_NEWS_DATA_ID) ?? [], dynamic: pageData(REPORTS_DATA_ID) ?? [] };
    const read = () =>
      setRequested(
        keyOfPath(window.location.pathname) ?? new URLSearchParams(window.location.search).get(REPORT_QUERY),
      );
    // One listener for the page's links and the island's: the page's HTML stays as it is (its
    // largest paint among it) until a choice.
    const choose = (event: MouseEvent) => {
      const href = (event.target as Element).closest('a')?.getAttribute('href');
      if (!href?.startsWith(`${REPORTS_PATH}/`)) return;
      event.preventDefault();
      window.history.pushState(null, '', href);
      focusHeading.current = true;
      read();
    };
    const element = box.current!;
    element.addEventListener('click', choose);
    window.addEventListener('popstate', read);
    return () => {
      element.removeEventListener('click', choose);
      window.removeEventListener('popstate', read);
    };
  }, []);

  useEffect(() => {
    if (requested === undefined) return;
    // The tab and the history name the item, as its own page's title does ("… | the site's name").
    const title = heading.current?.textContent;
    if (title) document.title = `${title} | ${document.title.split(' | ').at(-1)}`;
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [requested]);

  // An element of its own around the page's HTML: client:visible watches the island's first
  // elements, and an Astro slot has no box to be seen.
  return (
    <div ref={box}>
      {requested === undefined || items.current === undefined ? (
        children
      ) : (
        <News {...items.current} requested={requested} headingRef={heading} />
      )}
    </div>
  );
}

/** The list and the item `requested` names as the function writes them, with the dynamic items as data for the island. */
export function ServerNews({ requested, ...items }: NewsItems & { requested: string | null }) {
  return (
    <>
      <News {...items} requested={requested} />
      <PageData id={REPORTS_DATA_ID} data={items.dynamic} />
    </>
  );
}

function News({
  fixed,
  dynamic,
  requested,
  headingRef,
}: NewsItems & {
  requested: string | null;
  headingRef?: RefObject<HTMLHeadingElement | null> | undefined;
}) {
  const listed = [
    ...dynamic.map((item) => ({ key: reportKey(item), label: item.short_title })),
    ...fixed.map((item) => ({ key: item.key, label: item.shortTitle })),
  ];
  const selected = resolveReportKey(requested, new Set(listed.map(({ key }) => key)));
  const report = dynamic.find((item) => reportKey(item) === selected);
  const fixedItem = fixed.find((item) => item.key === selected);

  // The article comes first, the list after it (beside it on a wide screen).
  return (
    <div className="news">
      <article className="news__item prose">
        {report && <ReportContent report={report} headingRef={headingRef} />}
        {fixedItem && (
          <>
            <h2 tabIndex={-1} ref={headingRef}>
              {fixedItem.title}
            </h2>
            {/* content/news, rendered at build. */}
            <div dangerouslySetInnerHTML={{ __html: fixedItem.html }} />
          </>
        )}
      </article>
      <nav className="news__nav" aria-label="Comunicados y noticias">
        <ul>
          {listed.map(({ key, label }) => (
            <li key={key}>
              <a href={reportPath(key)} aria-current={key === selected ? 'page' : undefined}>
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
  headingRef?: RefObject<HTMLHeadingElement | null> | undefined;
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
