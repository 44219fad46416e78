import { getStore } from '@netlify/blobs';
import { config, MissingSettingError } from './config.ts';
import { runtimeDeployContext } from './deploy-context.ts';

/**
 * Blob stores are site-wide: a preview writing to production's store would mix its data with
 * production's and could read it. Production keeps `base`; every other deploy context has its
 * own store, `<base>-<context>` (all deploy previews share one, all branch deploys another, as
 * their variables are per context). Locally, outside Netlify's runtime, the emulated store is
 * `base`; in production mode a request whose context is unknown touches no store (503), rather
 * than guess production's.
 */
export function contextStoreName(base: string, deployContext: string | undefined, local: boolean): string {
  if (deployContext === 'production') return base;
  if (deployContext) return `${base}-${deployContext.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`.slice(0, 64);
  if (local) return base;
  throw new MissingSettingError('deploy context', "Netlify's runtime gave no deploy context: no file store is used.");
}

/** The store `base` of the deploy context serving the request, strongly consistent. */
export const contextStore = (base: string) =>
  getStore({ name: contextStoreName(base, runtimeDeployContext(), config.isLocal()), consistency: 'strong' });
