import type { Context } from '@netlify/functions';
import { refusals } from '../shared/refusals.ts';
import { failure, methodNotAllowed, withErrorHandling } from './http.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The names of a pattern's `:name` segments: `'/a/:id/b/:fileId'` gives `'id' | 'fileId'`. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a route's handler gets: the function's call (the request and its plumbing) and the path's parameters. */
export type Routed<Call, Pattern extends string> = Call & { params: Record<ParamNames<Pattern>, string> };

type Handlers<Call, Pattern extends string> = Partial<
  Record<Method, (call: Routed<Call, Pattern>) => Promise<Response>>
>;

/**
 * A function's sub-resources, `{ '/api/…/:id/notes': { POST: handler } }`, with the patterns of its
 * own `config.path` (Netlify routes only those to it; the config stays a literal because Netlify
 * reads it without running the module). The first pattern that matches the path wins, as on the
 * platform, so a fixed segment (`…/settings`) is listed before the parameter beside it (`…/:id`).
 */
export type RouteTable<Call, Pattern extends string> = { [P in Pattern]: Handlers<Call, P> };

/**
 * Calls the handler of the request's method; 405 with `Allow` naming the methods it has otherwise,
 * the one answer every admin function gives a method it does not serve.
 */
export function byMethod(req: Request, handlers: Partial<Record<Method, () => Promise<Response>>>): Promise<Response> {
  const handler = handlers[req.method as Method];
  return handler ? handler() : Promise.resolve(methodNotAllowed(Object.keys(handlers)));
}

/**
 * The parameters of `pattern` in `pathname`, or null when it does not match: a `:name` segment
 * takes one whole non-empty segment as the URL spells it (percent-encoded, as URLPattern gives
 * Netlify's `context.params`); every other segment must be equal.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const expected = pattern.split('/');
  const actual = pathname.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) {
      if (value === '') return null;
      params[segment.slice(1)] = value;
    } else if (segment !== value) return null;
  }
  return params;
}

/**
 * One handler for a function of several sub-resources: the route whose pattern matches the path
 * answers by its method (405 and `Allow` for another); a path of no route is 404, which only a
 * `config.path` the table forgot can reach.
 */
export const routeTable =
  <Call extends { req: Request }, Pattern extends string>(routes: RouteTable<Call, Pattern>) =>
  (call: Call): Promise<Response> => {
    const { pathname } = new URL(call.req.url);
    // Every handler takes the parameters its own pattern names, which matchPath gives it.
    const table: Record<
      string,
      Partial<Record<Method, (call: Call & { params: Record<string, string> }) => Promise<Response>>>
    > = routes;
    for (const [pattern, handlers] of Object.entries(table)) {
      const params = matchPath(pattern, pathname);
      if (!params) continue;
      const bound = Object.fromEntries(
        Object.entries(handlers).map(([method, handle]) => [method, () => handle({ ...call, params })]),
      );
      return byMethod(call.req, bound);
    }
    return Promise.resolve(failure(404, refusals.notFound));
  };

/** What a public route's handler gets: the request and the platform's context. */
export interface PublicCall {
  req: Request;
  context: Context;
}

/**
 * A public function of several paths: its route table, as an admin function's (adminRoutes in
 * admin-endpoint.ts) without the sign-in, and the one error handling of every function.
 */
export const publicRoutes = <Pattern extends string>(routes: RouteTable<PublicCall, Pattern>) => {
  const route = routeTable<PublicCall, Pattern>(routes);
  return withErrorHandling((req: Request, context: Context) => route({ req, context }));
};
