import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import outboxRetry, { config } from '../../netlify/functions/outbox-retry.ts';
import { enqueueMail } from '../../src/server/mail/outbox.ts';
import { startTestDatabase } from '../helpers/database.ts';

describe('the scheduled outbox-retry function', () => {
  let database: Awaited<ReturnType<typeof startTestDatabase>>;
  let outboxDir: string;
  beforeAll(async () => {
    database = await startTestDatabase();
    outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    process.env.MAIL_OUTBOX_DIR = outboxDir;
  });
  afterAll(async () => {
    await database.stop();
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('runs every five minutes', () => {
    expect(config.schedule).toBe('*/5 * * * *');
  });

  it('delivers the mail a failed first attempt left pending', async () => {
    await database.db.batch([enqueueMail({ to: 'contacto@example.com', subject: 'Pendiente', text: 'Cuerpo' }, 'CON-PEND2345')]);
    await database.db.query("UPDATE outbox SET attempts = 1, last_error = 'provider down'");

    const response = await outboxRetry();

    expect(response.status).toBe(204);
    expect(await database.db.query('SELECT status FROM outbox')).toEqual([{ status: 'sent' }]);
    expect((await readdir(outboxDir)).filter((file) => file.startsWith('CON-PEND2345'))).toHaveLength(1);
  });
});
