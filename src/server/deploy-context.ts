/**
 * The deploy context of the request being served ("production", "deploy-preview",
 * "branch-deploy"): Netlify's runtime keeps each request's Context in `Netlify.context` (an
 * AsyncLocalStorage of @netlify/serverless-functions-api), so code that no handler passes it to
 * reads the same value `context.deploy.context` holds. Undefined outside Netlify's runtime.
 */
export const runtimeDeployContext = (): string | undefined =>
  (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } }).Netlify?.context?.deploy
    ?.context;
