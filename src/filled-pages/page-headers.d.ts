/**
 * netlify.toml's headers for "/*", as the bundler (scripts/lib/function-sources.ts) and the test
 * runner (tests/vitest.config.ts) write this module from it (scripts/lib/page-headers.ts).
 */
declare module 'virtual:page-headers' {
  const headers: Readonly<Record<string, string>>;
  export default headers;
}
