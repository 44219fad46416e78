/**
 * What the functions' bundles give for the `ws` package (function-sources.ts): Node's own
 * WebSocket. @netlify/database hands `ws` to Neon's driver only where WebSocket is undefined,
 * which it never is on the Node the functions run on (24); the package was 125 KB and 12 ms of
 * every cold start.
 */
export default globalThis.WebSocket;
