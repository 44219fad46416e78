import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCredentials, createAdmin } from '../../src/server/auth/sign-in.ts';
import { reserveAttempt } from '../../src/server/auth/throttle.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * The sign-in throttle counts atomically (issue 24, row 9): many wrong passwords at once, each on
 * its own session of a real PostgreSQL 17, never get more than 5 checked for one e-mail from one
 * client, nor more than 20 from one client.
 */
let postgres: RealPostgres;
beforeAll(async () => {
  postgres = await startRealPostgres();
  process.env.APP_MODE = 'local';
});
afterAll(() => postgres?.stop());

const ROUNDS = 20;
const CONCURRENT = 12;

describe('the sign-in throttle under concurrent attempts', () => {
  it('lets at most 5 attempts through for one e-mail and client, in every round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const sessions = Array.from({ length: CONCURRENT }, () => postgres.connect(1));
      try {
        const reserved = await Promise.all(
          sessions.map((db) => reserveAttempt(db, `persona-${round}@example.com`, `198.51.100.${round}`)),
        );
        expect(reserved.filter(Boolean).length).toBe(5);
      } finally {
        await Promise.all(sessions.map((db) => db.close()));
      }
    }
  }, 120_000);

  it('lets at most 20 attempts through from one client, whatever the e-mails', async () => {
    for (let round = 0; round < 5; round++) {
      const sessions = Array.from({ length: 30 }, () => postgres.connect(1));
      try {
        const reserved = await Promise.all(
          sessions.map((db, i) => reserveAttempt(db, `scan-${round}-${i}@example.com`, `203.0.113.${round}`)),
        );
        expect(reserved.filter(Boolean).length).toBe(20);
      } finally {
        await Promise.all(sessions.map((db) => db.close()));
      }
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
