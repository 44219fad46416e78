import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRecoveryCodes, recoveryCodeHashes, sealTotpSecret } from '../../src/server/auth/second-factor.ts';
import { checkCredentials, completeSignIn, createAdmin } from '../../src/server/auth/sign-in.ts';
import { verifyChallenge } from '../../src/server/auth/tokens.ts';
import { claimAttempt } from '../../src/server/throttle/throttle.ts';
import { passwordCounters } from '../../src/server/throttle/uses.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * Sign-in under truly concurrent attempts, each on its own session of a real PostgreSQL 17: the
 * throttle counts atomically (never more than 5 checked for one e-mail from one client group, nor
 * more than 20 from one group), and a challenge starts one sign-in however many redeem it at once.
 */
let postgres: RealPostgres;
beforeAll(async () => {
  postgres = await startRealPostgres();
  process.env.APP_MODE = 'local';
  process.env.JWT_SECRET = randomBytes(32).toString('base64');
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
  delete process.env.JWT_SECRET;
});

const ROUNDS = 20;
const CONCURRENT = 12;

/** How many of concurrent attempts, each on its own session, the throttle let through. */
async function claimed(attempts: { email: string; address: string }[]): Promise<number> {
  const sessions = attempts.map(() => postgres.connect(1));
  try {
    const claims = await Promise.all(
      sessions.map(async (db, i) => claimAttempt(db, await passwordCounters(attempts[i]!.email, attempts[i]!.address))),
    );
    return claims.filter((claim) => claim.kind === 'claimed').length;
  } finally {
    await Promise.all(sessions.map((db) => db.close()));
  }
}

describe('the sign-in throttle under concurrent attempts', () => {
  it('lets at most 5 attempts through for one e-mail and client group, in every round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Every attempt from its own address of one IPv6 /64.
      const attempts = Array.from({ length: CONCURRENT }, (_, i) => ({
        email: `persona-${round}@example.com`,
        address: `2001:db8:${round}:1::${i + 1}`,
      }));
      expect(await claimed(attempts)).toBe(5);
    }
  }, 120_000);

  it('lets at most 20 attempts through from one client group, whatever the e-mails', async () => {
    for (let round = 0; round < 5; round++) {
      const attempts = Array.from({ length: 30 }, (_, i) => ({
        email: `scan-${round}-${i}@example.com`,
        address: `203.0.113.${round}`,
      }));
      expect(await claimed(attempts)).toBe(20);
    }
  }, 120_000);

  it('checks at most 5 of 10 concurrent wrong passwords of one account; the rest answer locked', async () => {
    await createAdmin(postgres.db, { name: 'Ana', email: 'ana@example.com', password: 'la-correcta-y-larga' });
    const sessions = Array.from({ length: 10 }, () => postgres.connect(1));
    try {
      const results = await Promise.all(
        sessions.map((db, i) => checkCredentials(db, 'ana@example.com', `incorrecta-${i}`, '192.0.2.1')),
      );
      expect(results.filter((result) => !result.ok && result.reason === 'wrong').length).toBe(5);
      expect(results.filter((result) => !result.ok && result.reason === 'locked').length).toBe(5);
    } finally {
      await Promise.all(sessions.map((db) => db.close()));
    }
  }, 120_000);
});

describe('one challenge redeemed at once on separate sessions', () => {
  it('starts exactly one sign-in, each redemption with a valid recovery code of its own, in every round', async () => {
    const admin = await createAdmin(postgres.db, {
      name: 'Rita',
      email: 'rita@example.com',
      password: 'la-de-rita-larga',
    });
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await postgres.db.query('UPDATE admins SET totp_secret = $2, totp_enrolled_at = now() WHERE id = $1', [
      admin.id,
      await sealTotpSecret(admin.id, secret),
    ]);
    // The tests above leave their failures counted: this one counts its own only.
    await postgres.db.query('DELETE FROM login_failures');
    for (let round = 0; round < 5; round++) {
      // Four redemptions: within the 5 attempts of one e-mail and client group, so none is throttled.
      const codes = newRecoveryCodes().slice(0, 4);
      await postgres.db.query('INSERT INTO admin_recovery_codes (admin_id, code_hash) SELECT $1, unnest($2::text[])', [
        admin.id,
        recoveryCodeHashes(codes),
      ]);
      const address = `198.51.100.${round + 1}`;
      const step = await checkCredentials(postgres.db, 'rita@example.com', 'la-de-rita-larga', address);
      if (!step.ok) throw new Error('the password step failed');
      const challenge = (await verifyChallenge(step.step.challenge))!;
      const sessions = codes.map(() => postgres.connect(1));
      try {
        const results = await Promise.all(sessions.map((db, i) => completeSignIn(db, challenge, codes[i]!, address)));
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.filter((result) => !result.ok && result.reason === 'expired')).toHaveLength(3);
      } finally {
        await Promise.all(sessions.map((db) => db.close()));
      }
      // Every redemption that counted was handed back: a refund lost to a concurrent claim would
      // stay counted, and lock the account a few rounds later.
      expect(await postgres.db.query('SELECT failures FROM login_failures WHERE failures > 0')).toEqual([]);
      const [{ count }] = (await postgres.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM admin_sessions WHERE admin_id = $1',
        [admin.id],
      )) as [{ count: number }];
      expect(count).toBe(round + 1);
    }
  }, 120_000);
});
