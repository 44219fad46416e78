import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import * as adminAccount from '../../netlify/functions/admin-account.ts';
import * as adminOutbox from '../../netlify/functions/admin-outbox.ts';
import { BACKGROUND_CALL_HEADER } from '../../src/shared/auth/schema.ts';
import { callFunction, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';

/**
 * The calls the admin app makes by itself (the mail alert's poll every 5 minutes, the token's
 * renewal) carry BACKGROUND_CALL_HEADER: the server refuses them once the sign-in went unused for
 * 30 minutes, like any call, but they never count as use, so a tab left open reaches the idle
 * timeout. A call staff make (any other) does.
 */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let seq = 0;

const background = { [BACKGROUND_CALL_HEADER]: '1' };
const poll = (token: string, headers: Record<string, string> = background) =>
  callFunction(adminOutbox, 'GET', '/api/admin/outbox/summary', { token, headers });
const renew = (token: string, headers: Record<string, string> = background) =>
  callFunction(adminAccount, 'POST', '/api/admin/account/token', { token, headers });

const idleFor = (token: string, minutes: number) =>
  db().query(`UPDATE admin_sessions SET last_used_at = now() - make_interval(mins => $2) WHERE id = $1`, [
    decodeJwt(token).sid,
    minutes,
  ]);
/** `minutes` pass for the sign-in: its last use moves that far back. */
const pass = (token: string, minutes: number) =>
  db().query(`UPDATE admin_sessions SET last_used_at = last_used_at - make_interval(mins => $2) WHERE id = $1`, [
    decodeJwt(token).sid,
    minutes,
  ]);
/** Minutes since the sign-in was last used, rounded down. */
const idleMinutes = async (token: string) =>
  (
    await db().query<{ minutes: number }>(
      `SELECT floor(extract(epoch FROM now() - last_used_at) / 60)::int AS minutes FROM admin_sessions WHERE id = $1`,
      [decodeJwt(token).sid],
    )
  )[0]!.minutes;

const staff = async () => (await signedInAdmin(db(), 'Ana Admin', `ana-${++seq}@example.com`)).token;

describe('background calls of the admin app', () => {
  it('are answered while the sign-in is live, and leave its idle time running', async () => {
    const token = await staff();
    await idleFor(token, 20);
    expect((await poll(token)).status).toBe(200);
    expect((await renew(token)).status).toBe(200);
    expect(await idleMinutes(token)).toBe(20);
  });

  it('end the sign-in 30 minutes after its last use, however many came in between (a poll every 5 minutes)', async () => {
    const token = await staff();
    for (let minutes = 5; minutes < 30; minutes += 5) {
      await pass(token, 5);
      expect((await poll(token)).status).toBe(200);
    }
    await pass(token, 5);
    expect((await poll(token)).status).toBe(401);
    expect((await renew(token)).status).toBe(401);
  });

  it('a call staff make counts as use: it restarts the idle time', async () => {
    const token = await staff();
    await idleFor(token, 29);
    expect((await poll(token, {})).status).toBe(200);
    expect(await idleMinutes(token)).toBe(0);
    await idleFor(token, 29);
    expect((await callFunction(adminAccount, 'GET', '/api/admin/account', { token })).status).toBe(200);
    expect(await idleMinutes(token)).toBe(0);
  });
});
