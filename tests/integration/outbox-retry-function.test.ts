import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import outboxRetry, { config } from '../../netlify/functions/outbox-retry.ts';
import { enqueueMail } from '../../src/server/outbox/outbox.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

describe('the scheduled outbox-retry function', () => {
  const environment = useLocalEnvironment();

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
});
