import { randomUUID } from 'node:crypto';
import { access, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from '@netlify/functions';
import { zipFunctions, type Config, type FunctionConfig } from '@netlify/zip-it-and-ship-it';
import * as cookie from 'cookie';
import { parse } from 'smol-toml';
import { fingerprint } from './fingerprint.ts';
import { bundleFunctionSources, FUNCTIONS_DIRECTORY } from './function-sources.ts';
import { aysenTimeZone } from '../../src/shared/time/zone.ts';

/**
 * Netlify Functions for the local server: bundled once as a deploy bundles them (esbuild's modules,
 * function-sources.ts, zipped by Netlify's own bundler: what production runs) and invoked in-process. Netlify's per-request emulation rebuilds a function
 * on every call and two concurrent calls race on the build folder, so it is not used here.
 */

type Handler = (req: Request, context: Context) => Promise<Response | undefined | void>;

interface Route {
  pattern: URLPattern;
  methods: string[];
}

export interface LocalFunction {
  name: string;
  routes: Route[];
  schedule?: string | undefined;
  /** Imports the bundle once; the handler waits for it. */
  load: () => Promise<Handler>;
  handler: Handler;
}

/** What a load needs of zip-it-and-ship-it's result, kept beside the bundles for the next start. */
interface BundledFunction {
  name: string;
  path: string;
  /** The function's module in its bundle, as the bundle's entry point names it. */
  module: string;
  schedule?: string | undefined;
  routes?: { pattern: string; methods?: string[] }[] | undefined;
}

// What the bundles are made of: the functions, the code and content they import, the installed
// packages, netlify.toml and this file's bundler options.
const BUNDLE_INPUTS = [
  'netlify/functions',
  'src',
  'content',
  'package-lock.json',
  'netlify.toml',
  'scripts/lib/functions.ts',
  'scripts/lib/function-sources.ts',
  'scripts/lib/page-headers.ts',
  // The prerendered pages the functions of src/filled-pages/ fill in or answer (netlify.toml's included_files).
  'dist/cortes.html',
  'dist/cortes/alertas.html',
  'dist/cortes/historial.html',
  'dist/avisos.html',
  'dist/avisos/plantilla.html',
  'dist/404.html',
  'dist/indicadores.html',
  'dist/tbk-final.html',
  'dist/educacion.html',
  'dist/nosotros.html',
];

/** netlify.toml's [functions] keys that shape a bundle, and their names in the bundler's options. */
const BUNDLE_SETTINGS = {
  included_files: 'includedFiles',
  external_node_modules: 'externalNodeModules',
  ignored_node_modules: 'ignoredNodeModules',
  node_bundler: 'nodeBundler',
} as const;

/**
 * netlify.toml's [functions] settings as Netlify's build hands them to its bundler (@netlify/config
 * normalises them so): the top-level ones under `*`, for every function, and each
 * `[functions."name"]` block under its name; the bundler concatenates the lists of every block a
 * function matches. So npm start bundles each function with the same files as a deploy.
 */
export async function functionsConfig(projectRoot: string): Promise<Config> {
  const toml = parse(await readFile(path.join(projectRoot, 'netlify.toml'), 'utf8')) as {
    functions?: Record<string, unknown>;
  };
  const settings = (block: Record<string, unknown>): FunctionConfig =>
    Object.fromEntries(
      Object.entries(BUNDLE_SETTINGS)
        .filter(([key]) => block[key] !== undefined)
        .map(([key, option]) => [option, block[key]]),
    );
  const everyFunction: Record<string, unknown> = {};
  const byName: Config = {};
  for (const [key, value] of Object.entries(toml.functions ?? {})) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      byName[key] = settings(value as Record<string, unknown>);
    else everyFunction[key] = value;
  }
  return { ...byName, '*': settings(everyFunction) };
}

/**
 * Bundles the functions (or those named) as a deploy does into `outDir`, zipped or not: esbuild's
 * modules in a folder of their own (two starts at once must not share one), then Netlify's bundler
 * over them with netlify.toml's settings, as Netlify's build runs it over `[functions] directory`.
 */
export async function packageFunctions(
  projectRoot: string,
  outDir: string,
  archiveFormat: 'none' | 'zip',
  only?: string[],
) {
  const sources = await bundleFunctionSources(projectRoot, `${FUNCTIONS_DIRECTORY}-${randomUUID()}`, only);
  try {
    return await zipFunctions([sources], outDir, {
      archiveFormat,
      basePath: projectRoot,
      configFileDirectories: [],
      config: await functionsConfig(projectRoot),
    });
  } finally {
    await rm(sources, { recursive: true, force: true });
  }
}

/** Where `npm start` keeps its bundles, in the project. */
export const LOCAL_BUNDLES = '.netlify/functions-local';

/**
 * Bundles the functions, unless `outDir` holds bundles of the same inputs (bundling
 * takes most of a start; a start with no change reuses them). Bundled beside `outDir` and moved
 * into it whole: two starts at once (a server and a test run) each bundled into the folder the
 * other was emptying, and left a manifest over empty folders that the next starts trusted.
 */
export async function bundleFunctions(projectRoot: string, outDir: string): Promise<LocalFunction[]> {
  const manifestFile = path.join(outDir, 'bundles.json');
  const inputs = await fingerprint(projectRoot, BUNDLE_INPUTS);
  const saved = await readFile(manifestFile, 'utf8')
    .then((text) => JSON.parse(text) as { inputs: string; functions: BundledFunction[] })
    .catch(() => undefined);
  const whole = async (functions: BundledFunction[]) =>
    Promise.all(functions.map((fn) => access(fn.module))).then(
      () => true,
      () => false,
    );
  let bundled = saved?.inputs === inputs && (await whole(saved.functions)) ? saved.functions : undefined;
  if (!bundled) {
    const workDir = `${outDir}.${randomUUID()}`;
    const results = await packageFunctions(projectRoot, workDir, 'none');
    bundled = await Promise.all(
      results.map(async (fn) => ({
        name: fn.name,
        path: path.join(outDir, path.relative(workDir, fn.path)),
        module: path.join(outDir, path.relative(workDir, await bundledModule(fn.path))),
        schedule: fn.schedule,
        routes: fn.routes,
      })),
    );
    await writeFile(path.join(workDir, 'bundles.json'), JSON.stringify({ inputs, functions: bundled }));
    await rm(outDir, { recursive: true, force: true });
    await rename(workDir, outDir).catch(async (error: NodeJS.ErrnoException) => {
      // Another start moved its bundles of the same inputs in first: use those.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      await rm(workDir, { recursive: true, force: true });
    });
  }
  // Each bundle carries its own copy of its packages: importing all 33 took longer than the rest
  // of a start, so a bundle is imported when first called, or by warmFunctions after the start.
  return bundled.map((fn) => {
    let module: Promise<Handler> | undefined;
    const load = () => (module ??= import(pathToFileURL(fn.module).href).then((loaded) => loaded.default as Handler));
    return {
      name: fn.name,
      schedule: fn.schedule,
      load,
      handler: async (req, context) => (await load())(req, context),
      routes: (fn.routes ?? []).map((route) => ({
        pattern: new URLPattern({ pathname: route.pattern }),
        methods: route.methods ?? [],
      })),
    };
  });
}

/**
 * The function's module in a bundle's folder: the one its entry point (what Netlify's runtime
 * starts, which needs Lambda's globals) hands to Netlify's bootstrap. Where the bundler puts it
 * depends on the files beside it, so it is read, not guessed.
 */
export async function bundledModule(folder: string): Promise<string> {
  const entryPoint = await readFile(path.join(folder, '___netlify-entry-point.mjs'), 'utf8');
  const module = /getLambdaHandler\('([^']+)'\)/.exec(entryPoint)?.[1];
  if (!module) throw new Error(`${folder}: its entry point names no module.`);
  return path.join(folder, module);
}

/** Imports every bundle, one after another, so that first requests do not wait for theirs. */
export async function warmFunctions(functions: LocalFunction[]): Promise<void> {
  for (const fn of functions) {
    try {
      await fn.load();
    } catch (error) {
      console.error(`Function ${fn.name} could not be loaded:`, error);
    }
  }
}

export function matchFunction(functions: LocalFunction[], req: Request) {
  for (const fn of functions) {
    for (const route of fn.routes) {
      if (route.methods.length > 0 && !route.methods.includes(req.method)) continue;
      const match = route.pattern.exec(req.url);
      if (match) {
        const params = Object.fromEntries(
          Object.entries(match.pathname.groups).filter(([, v]) => v !== undefined),
        ) as Record<string, string>;
        return { fn, params };
      }
    }
  }
  return undefined;
}

/** Calls a function as the platform does: with a v2 Context and cookies applied to its answer. */
export async function invokeFunction(
  fn: LocalFunction,
  req: Request,
  params: Record<string, string>,
  ip: string,
  pending: Set<Promise<unknown>>,
) {
  const outgoing: string[] = [];
  const cookies: Context['cookies'] = {
    get: (name) => cookie.parse(req.headers.get('cookie') ?? '')[name] ?? '',
    set: (nameOrCookie: string | { name: string; value: string }, value?: string) => {
      const {
        name,
        value: v,
        ...options
      } = typeof nameOrCookie === 'string' ? { name: nameOrCookie, value: value ?? '' } : nameOrCookie;
      outgoing.push(cookie.serialize(name, v, { path: '/', ...(options as cookie.SerializeOptions) }));
    },
    delete: (input: string | { name: string; path?: string; domain?: string }) => {
      const { name, ...options } = typeof input === 'string' ? { name: input } : input;
      outgoing.push(cookie.serialize(name, '', { path: '/', ...options, expires: new Date(0) }));
    },
  } as Context['cookies'];
  const url = new URL(req.url);
  const context = {
    account: { id: 'local' },
    cookies,
    deploy: { branch: 'local', context: 'dev', id: '0', published: false },
    flags: { get: () => undefined },
    geo: { city: 'Coyhaique', country: { code: 'CL', name: 'Chile' }, timezone: aysenTimeZone() },
    ip,
    json: (input: unknown) => Response.json(input),
    log: console.log,
    next: () => {
      throw new Error('context.next() is for edge functions');
    },
    params,
    path: undefined,
    requestId: randomUUID(),
    rewrite: () => Promise.reject(new Error('context.rewrite() is not emulated locally')),
    server: { region: 'local' },
    site: { id: 'local', name: 'local', url: url.origin },
    url,
    waitUntil: (promise: Promise<unknown>) => {
      pending.add(promise);
      void promise.catch(() => undefined).finally(() => pending.delete(promise));
    },
  } as unknown as Context;
  // A background function (its name ends in -background) is answered 202 at once and runs on, as on Netlify.
  if (fn.name.endsWith('-background')) {
    context.waitUntil(
      Promise.resolve(fn.handler(req, context)).catch((error: unknown) =>
        console.error(`Background function ${fn.name} failed:`, error),
      ),
    );
    return new Response(null, { status: 202 });
  }
  const response = (await fn.handler(req, context)) ?? new Response(null, { status: 204 });
  for (const value of outgoing) response.headers.append('set-cookie', value);
  return response;
}
