import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { messageStatements } from '../../../src/server/denuncias/messages.ts';
import { unsealText } from '../../../src/server/encryption.ts';
import { query, root } from './database.ts';

/** A denuncia sent through POST /api/denuncias as /denuncias sends it: its reference and receipt code. */
export async function sendDenuncia(
  request: APIRequestContext,
  { email = '', text = 'Se retiran materiales de bodega sin registro.' } = {},
): Promise<{ reference: string; receipt: string }> {
  const response = await request.post('/api/denuncias', {
    multipart: {
      denunciaRelacion: 'Trabajador',
      denunciaLugar: 'Plantas',
      denunciaType: 'Apropiación indebida',
      email,
      denunciaText: text,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { reference: string; receipt: string } }).data;
}

/**
 * A message of compliance on the denuncia (`note`: an internal one), written as the desk writes
 * it: sealed with the e2e server's key, which local mode keeps in .data/denuncias-key.
 */
export async function writeOnDenuncia(reference: string, body: string, author: 'compliance' | 'note' = 'compliance') {
  await useServerKey();
  for (const statement of await messageStatements({ reference, author, body }))
    await query(statement.text, statement.params);
}

/** A value the e2e server stored sealed, opened with its key. */
export async function unsealed(sealed: string, context: string): Promise<string> {
  await useServerKey();
  return unsealText(sealed, context);
}

async function useServerKey() {
  process.env.DENUNCIAS_ENCRYPTION_KEY ??= (await readFile(path.join(root, '.data/denuncias-key'), 'utf8')).trim();
}
