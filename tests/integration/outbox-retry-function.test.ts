import { readdir } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRunRecords } from '../helpers/work-markers.ts';
import outboxRetry, { config } from '../../netlify/functions/outbox-retry.ts';
import { enqueueMail, enqueuePhoneMessage } from '../../src/server/outbox/outbox.ts';
import { PHONE_SENDER_PATH } from '../../src/server/phone-alerts/send-queue.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

describe('the scheduled outbox-retry function', () => {
  const environment = useLocalEnvironment();
  // Each test's rows are written behind the port, which no marker sees: every run looks.
  beforeEach(forgetRunRecords);

  it('runs every five minutes', () => {
    expect(config.schedule).toBe('*/5 * * * *');
  });

  it('delivers the mail a failed first attempt left pending', async () => {
    await environment.database.db.batch([
      enqueueMail({ to: 'contacto@example.com', subject: 'Pendiente', text: 'Cuerpo' }, 'CON-PEND2345'),
    ]);
    await environment.database.db.query("UPDATE outbox SET attempts = 1, last_error = 'provider down'");

    const response = await outboxRetry(
      new Request('http://localhost/.netlify/functions/outbox-retry', { method: 'POST' }),
      testContext().context,
    );

    expect(response.status).toBe(204);
    expect(await environment.database.db.query('SELECT status FROM outbox')).toEqual([{ status: 'sent' }]);
    expect((await readdir(environment.outboxDir)).filter((file) => file.startsWith('CON-PEND2345'))).toHaveLength(1);
  });

  describe("with phones' messages", () => {
    afterEach(() => vi.restoreAllMocks());
    const run = () =>
      outboxRetry(
        new Request('http://localhost/.netlify/functions/outbox-retry', { method: 'POST' }),
        testContext().context,
      );
    const started = () => {
      const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 202 }));
      return () => fetch.mock.calls.filter(([url]) => String(url) === `http://localhost${PHONE_SENDER_PATH}`).length;
    };
    const text = { to: '+56987654321', channel: 'sms' as const, subject: 'Corte', body: 'Texto' };

    it('starts the background sender when one is due, and sends none itself', async () => {
      await environment.database.db.query('DELETE FROM outbox');
      await environment.database.db.batch([enqueuePhoneMessage(text, 'COR-1')]);
      const starts = started();
      expect((await run()).status).toBe(204);
      expect(starts()).toBe(1);
      expect(await environment.database.db.query('SELECT status, attempts FROM outbox')).toEqual([
        { status: 'pending', attempts: 0 },
      ]);
    });

    it('leaves it alone while the quiet hours hold the message back', async () => {
      await environment.database.db.query('DELETE FROM outbox');
      await environment.database.db.batch([enqueuePhoneMessage(text, 'COR-1', new Date(Date.now() + 3_600_000))]);
      const starts = started();
      await run();
      expect(starts()).toBe(0);
    });
  });
});
