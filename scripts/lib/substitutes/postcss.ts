/**
 * What the functions' bundles give for `postcss` (function-sources.ts). sanitize-html imports it
 * to parse style attributes, which the rich text never allows and never parses
 * (`parseStyleAttributes: false`, src/server/rich-text.ts); postcss and its source maps were 200 KB
 * of the bundles that sanitise. Should a style ever be parsed, it fails loudly, not silently.
 */
export function parse(): never {
  throw new Error('postcss is not bundled: the rich text parses no style attribute (src/server/rich-text.ts).');
}
