import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import uploadsCleanup from '../../netlify/functions/uploads-cleanup.ts';
import rightsFunction from '../../netlify/functions/rights.ts';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import type { Database } from '../../src/server/db/index.ts';
import { confirmRightsEmail } from '../../src/server/rights/confirm.ts';
import { sendExport } from '../../src/server/rights/export.ts';
import { putBytes, uploadStore } from '../../src/server/uploads/store.ts';
import { signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { postJson, testContext } from '../helpers/functions.ts';

/**
 * A rights export's ZIP in the store (exports/{id}): deleted when its batch certainly rolled back,
 * kept when the batch's answer was lost (it may have committed, and mailed its link), and swept by
 * the hourly uploads-cleanup once no row names it.
 */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let admin: SignedInAdmin;
beforeAll(async () => {
  admin = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
});
afterEach(() => vi.useRealTimers());

/** A confirmed acceso request; answers its case id. */
async function confirmedRequest(email: string): Promise<string> {
  const { context, settle } = testContext();
  const sent = await rightsFunction(
    postJson('/api/derechos', { type: 'acceso', name: 'Rosa Vera', email, details: 'Quiero mis datos.' }),
    context,
  );
  await settle();
  const { reference } = (await sent.json()).data as { reference: string };
  const [mail] = await db().query<{ body: string }>('SELECT body FROM outbox WHERE reference = $1 AND recipient = $2', [
    reference,
    email,
  ]);
  const token = /confirmar\?token=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
  await confirmRightsEmail(db(), token, new Date());
  const [row] = await db().query<{ id: string }>('SELECT id::text AS id FROM cases WHERE reference = $1', [reference]);
  return row!.id;
}

/** The database, whose batch recording an export fails with `error`: after committing it, or without running it. */
const failingBatch = (error: unknown, commit: boolean): Database =>
  new Proxy(db(), {
    get: (target, key) =>
      key === 'batch'
        ? async (statements: Parameters<Database['batch']>[0]) => {
            if (!statements.some(({ text }) => text.includes('INSERT INTO rights_exports')))
              return target.batch(statements);
            if (commit) await target.batch(statements);
            throw error;
          }
        : Reflect.get(target, key),
  });

/** The keys of the exports' bytes in the store. */
async function exportKeys(): Promise<string[]> {
  const { blobs } = await uploadStore().list({ prefix: 'exports/' });
  return blobs.map(({ key }) => key);
}

const rowCount = async () => (await db().query('SELECT 1 FROM rights_exports')).length;

describe('sendExport when its batch fails', () => {
  it('keeps the ZIP when the answer was lost after the commit: the mailed link still serves', async () => {
    const caseId = await confirmedRequest('perdida@correo.cl');
    const before = await exportKeys();
    const lost = new Error('Connection terminated unexpectedly');
    await expect(sendExport(failingBatch(lost, true), uploadStore(), admin, caseId, 'http://localhost')).rejects.toBe(
      lost,
    );

    const [row] = await db().query<{ id: string }>(
      'SELECT id::text AS id FROM rights_exports ORDER BY created_at DESC',
    );
    expect(await exportKeys()).toEqual([...before, `exports/${row!.id}`].toSorted());
  });

  it('deletes the ZIP when the database refused the batch (rolled back)', async () => {
    const caseId = await confirmedRequest('refusada@correo.cl');
    const before = await exportKeys();
    const rows = await rowCount();
    const refused = Object.assign(new Error('could not serialize access'), { severity: 'ERROR', code: '40001' });
    await expect(
      sendExport(failingBatch(refused, false), uploadStore(), admin, caseId, 'http://localhost'),
    ).rejects.toBe(refused);

    expect(await rowCount()).toBe(rows);
    expect(await exportKeys()).toEqual(before);
  });
});

describe('the hourly uploads-cleanup and the exports', () => {
  /** Runs the scheduled clean-up `minutes` after now. */
  async function cleanUpIn(minutes: number) {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + minutes * 60_000 });
    expect((await uploadsCleanup()).status).toBe(204);
    vi.useRealTimers();
  }

  it('deletes the bytes of an export no row names an hour after they were stored, never one a row names', async () => {
    const caseId = await confirmedRequest('barrido@correo.cl');
    await sendExport(db(), uploadStore(), admin, caseId, 'http://localhost');
    const named = (await exportKeys())[0]!;
    // What a crash between storing the ZIP and its batch leaves.
    const orphan = `exports/${randomUUID()}`;
    await putBytes(uploadStore(), orphan, 'export', new Uint8Array([80, 75, 5, 6]));

    await cleanUpIn(59);
    expect(await exportKeys()).toContain(orphan);
    await cleanUpIn(61);
    const left = await exportKeys();
    expect(left).not.toContain(orphan);
    expect(left).toContain(named);
  });
});
