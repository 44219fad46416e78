import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Each component's stylesheet sits beside it, and one index per client gathers them
// (src/styles/components.css, src/admin/admin-components.css): a page loads one stylesheet, and
// the order of the index is the cascade's. A sheet no index names would look like it styled its
// component while no page loaded it; a component importing its own would add a stylesheet to
// every page that uses it.

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');

const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).map((file) => path.join(src, file));
const relative = (file: string) => path.relative(root, file).replaceAll(path.sep, '/');

/** The project's stylesheets each source file imports (packages' stylesheets left out). */
function cssImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+'(\.[^']+\.css)';$/gm)].map((match) =>
    relative(path.resolve(path.dirname(file), match[1]!)),
  );
}

/** The stylesheets a stylesheet gathers with @import, in their order. */
function atImports(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/^@import url\('([^']+)'\);$/gm)].map((match) =>
    relative(path.resolve(path.dirname(path.join(root, file)), match[1]!)),
  );
}

const importers = new Map(
  files
    .filter((file) => /\.(astro|tsx?|jsx?|mdx)$/.test(file))
    .map((file) => [relative(file), cssImports(file)] as const)
    .filter(([, sheets]) => sheets.length > 0),
);

describe('stylesheets', () => {
  it('are imported by the two layouts of the site, each its base sheet and then its index', () => {
    expect(Object.fromEntries(importers)).toEqual({
      'src/layouts/BaseLayout.astro': ['src/styles/global.css', 'src/styles/components.css'],
      'src/admin/App.tsx': ['src/admin/admin.css', 'src/admin/admin-components.css'],
      'src/admin/screens/LoginScreen.tsx': ['src/admin/admin.css', 'src/admin/admin-components.css'],
    });
  });

  it("beside a component are each gathered by an index, once; by both only a shared UI component's", () => {
    const sheets = files.filter((file) => file.endsWith('.css')).map(relative);
    const entries = new Set([...importers.values()].flat());
    const byIndex = [...entries].map(atImports);
    for (const gathered of byIndex) expect(new Set(gathered).size).toBe(gathered.length);
    const gathered = byIndex.flat();
    // A component of src/ui is drawn by the site and by the admin (Mi consumo's report): its sheet,
    // written in the tokens both define, is in both indexes, each client loading it once.
    const twice = gathered.filter((sheet, index) => gathered.indexOf(sheet) !== index);
    expect(twice.filter((sheet) => !sheet.startsWith('src/ui/'))).toEqual([]);
    expect([...new Set([...entries, ...gathered])].sort()).toEqual(sheets.sort());
  });
});
