import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import packageJson from '../../package.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '../..');
const Environment = z._default(z.record(z.string(), z.string()), {});
const netlify = z
  .object({
    build: z.object({ environment: Environment }),
    context: z._default(
      z.record(z.string(), z.object({ command: z.optional(z.string()), environment: Environment })),
      {},
    ),
  })
  .parse(parse(await readFile(path.join(root, 'netlify.toml'), 'utf8')));

describe("netlify.toml's deploy contexts (docs/guides/deploy.md)", () => {
  it('builds on the Node major the project pins', () => {
    const major = /\d+/.exec(packageJson.devDependencies.node)![0];
    expect(netlify.build.environment.NODE_VERSION).toBe(major);
    expect(packageJson.engines.node).toBe(`>=${major} <${Number(major) + 1}`);
  });

  it.each(['deploy-preview', 'branch-deploy'])('pays on Transbank integration in %s', (context) => {
    expect(netlify.context[context]?.environment.WEBPAY_ENV).toBe('integration');
  });

  it("anonymises a deploy preview's database before building it, and no other context's", () => {
    expect(netlify.context['deploy-preview']?.command).toBe('npm run preview:anonymise && npm run build');
    expect(packageJson.scripts['preview:anonymise']).toBe('node scripts/anonymise-preview.ts');
    for (const [name, context] of Object.entries(netlify.context))
      if (name !== 'deploy-preview') expect(context.command ?? '').not.toContain('anonymise');
  });

  it('carries no secret and no production Webpay setting in any context', () => {
    const environments = [netlify.build.environment, ...Object.values(netlify.context).map((c) => c.environment)];
    for (const environment of environments) {
      expect(Object.keys(environment)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/SECRET|API_KEY|COMMERCE_CODE|TOKEN|PASSWORD/)]),
      );
      expect(environment.WEBPAY_ENV ?? 'integration').toBe('integration');
    }
  });
});
