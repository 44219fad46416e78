import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * What a function's import may not pay for (docs/performance.md, "Cold starts"): the runtime's
 * first `Intl` formatter of a locale or zone loads its data, 11–15 ms of a cold start, so the
 * modules the functions import make theirs on first use (src/shared/on-first-use.ts), never at
 * their top. The browser's modules (islands, admin) are not held to it.
 */

const root = path.resolve(import.meta.dirname, '../..');
const SERVER_SIDE = ['src/server', 'src/shared', 'src/filled-pages', 'netlify/functions'];

/** Code a module's load does not run: the bodies of functions and of classes. */
const deferred = (node: ts.Node) => ts.isFunctionLike(node) || ts.isClassLike(node);

/** The `Intl` formatters `source` makes as it loads, as "line: text". */
export function intlAtLoad(source: string, fileName = 'module.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (deferred(node)) return;
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.expression.getText(file) === 'Intl'
    )
      found.push(`${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${node.getText(file)}`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const modules = SERVER_SIDE.flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/'))),
);

describe('a module the functions import', () => {
  it('is found making a formatter at its top, and not inside a function or class', () => {
    const source = [
      "const price = new Intl.NumberFormat('es-CL');",
      "export const list = { format: Intl.ListFormat('es') };",
      "const later = () => new Intl.NumberFormat('es-CL');",
      "function made() { return new Intl.DateTimeFormat('es-CL'); }",
      "class Clock { format = new Intl.DateTimeFormat('es-CL'); }",
    ].join('\n');
    expect(intlAtLoad(source)).toEqual(["1: new Intl.NumberFormat('es-CL')", "2: Intl.ListFormat('es')"]);
  });

  it('makes its Intl formatters on first use, never as it loads', () => {
    expect(modules.length).toBeGreaterThan(100);
    const atLoad = modules.flatMap((module) =>
      intlAtLoad(readFileSync(path.join(root, module), 'utf8'), module).map((found) => `${module}:${found}`),
    );
    expect(atLoad).toEqual([]);
  });
});
