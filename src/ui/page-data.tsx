/**
 * Data a page function writes into the page beside the markup it fills (src/filled-pages/), for
 * the island that takes that markup's place: the island reads it instead of asking an API, so the
 * list is in the HTML (for a crawler, for a reader without JavaScript) and the page makes no
 * second request. A JSON data block, which the CSP does not treat as a script.
 */
export function PageData({ id, data }: { id: string; data: unknown }) {
  // JSON in a <script> ends at the first "</script": no "<" may be left in it (staff's texts).
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/json" id={id} dangerouslySetInnerHTML={{ __html: json }} />;
}

/** The data PageData left in the page; null when it is missing (the page was not filled). */
export function pageData<T>(id: string): T | null {
  const json = document.getElementById(id)?.textContent;
  return json ? (JSON.parse(json) as T) : null;
}

/**
 * The data PageData left in `html`, a built page a function fills with what its build put there
 * beside the database's content; throws for a page without it.
 */
export function pageDataIn<T>(html: string, id: string): T {
  const json = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html)?.[1];
  if (json === undefined) throw new Error(`The built page has no ${id} data.`);
  return JSON.parse(json) as T;
}
