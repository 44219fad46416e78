import { describe, expect, it } from 'vitest';
import { addAdvisoryUpdate, liftAdvisory, publishAdvisory } from '../../src/server/advisories/lifecycle.ts';
import { createAdvisory } from '../../src/server/advisories/manage.ts';
import { AdvisoryInputSchema } from '../../src/shared/advisories/schema.ts';
import { noticeSteps } from '../helpers/notices.ts';
import { statusOfCall, useStaffRace } from '../helpers/real-postgres.ts';

/**
 * Avisos under truly concurrent requests, each on its own session of a real PostgreSQL
 * 17: staff pressing Publicar or Levantar at the same moment on two screens write the step, its
 * audit row and its notice (what subscribers are mailed and CAP publishes) exactly once; an update
 * racing the lift is told before it or refused, never after it.
 */

const ROUNDS = 20;
const STAFF = 3;

const race = useStaffRace(STAFF);

const now = () => new Date();
const draft = async () =>
  (
    await createAdvisory(
      race.postgres.db,
      race.admins[0]!,
      AdvisoryInputSchema.parse({
        kind: 'hervir',
        towns: ['puerto-aysen'],
        startsAt: new Date().toISOString(),
        instructions: 'Hierva el agua antes de beberla.',
      }),
      now(),
    )
  ).id;

const stepsOf = async (id: string) => {
  const { notices, audit } = await noticeSteps(race.postgres.db, 'advisory', id);
  return { notices, audit: audit.map((row) => row.action) };
};

describe('staff pressing the same button at once', () => {
  it(`publish a notice once: one step, one audit row, one notice, in ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await draft();
      const answers = await Promise.all(
        race.sessions.map((db, i) => statusOfCall(publishAdvisory(db, race.admins[i]!, id, now()))),
      );
      expect(answers.sort()).toEqual([200, 409, 409]);
      expect(await stepsOf(id)).toEqual({ notices: ['published'], audit: ['create', 'publish'] });
    }
  }, 60_000);

  it(`lift a notice once: one step, one audit row, one notice, in ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await draft();
      await publishAdvisory(race.postgres.db, race.admins[0]!, id, now());
      const answers = await Promise.all(
        race.sessions.map((db, i) =>
          statusOfCall(liftAdvisory(db, race.admins[i]!, id, { liftMessage: `Ya puede beber el agua (${i}).` }, now())),
        ),
      );
      expect(answers.sort()).toEqual([200, 409, 409]);
      expect(await stepsOf(id)).toEqual({
        notices: ['published', 'lifted'],
        audit: ['create', 'publish', 'lift'],
      });
    }
  }, 60_000);
});

// Its window is narrower (the lift's statement done, not yet committed, when the update reads the
// status): more rounds, so that losing the row lock fails this test nearly every time.
const UPDATE_ROUNDS = 3 * ROUNDS;

describe('an update racing the lift', () => {
  it(`is written and told before the lift, or refused: never told after it, in ${UPDATE_ROUNDS} rounds`, async () => {
    for (let round = 0; round < UPDATE_ROUNDS; round++) {
      const id = await draft();
      await publishAdvisory(race.postgres.db, race.admins[0]!, id, now());
      const [updated, lifted] = await Promise.all([
        statusOfCall(addAdvisoryUpdate(race.sessions[0]!, race.admins[0]!, id, 'Se toman nuevas muestras.', now())),
        statusOfCall(
          liftAdvisory(race.sessions[1]!, race.admins[1]!, id, { liftMessage: 'Ya puede beber el agua.' }, now()),
        ),
      ]);
      expect(lifted).toBe(200);
      const { notices } = await stepsOf(id);
      const updates = await race.postgres.db.query(`SELECT 1 FROM advisory_updates WHERE advisory_id = $1`, [id]);
      if (updated === 200) {
        expect(notices).toEqual(['published', 'update', 'lifted']);
        expect(updates).toHaveLength(1);
      } else {
        expect([updated, notices, updates]).toEqual([409, ['published', 'lifted'], []]);
      }
    }
  }, 60_000);
});
