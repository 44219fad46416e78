import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { publishOutage } from '../../src/server/outages/lifecycle.ts';
import { createOutage, outageWords, updateOutage } from '../../src/server/outages/manage.ts';
import { OutageInputSchema } from '../../src/shared/outages/schema.ts';
import { noticeSteps } from '../helpers/notices.ts';
import { statusOfCall, useStaffRace } from '../helpers/real-postgres.ts';

/**
 * An outage's publication under truly concurrent requests, each on its own session of a real
 * PostgreSQL 17. The publication checks the draft and the 48-hour rule in its own statement and
 * logs the words kept with the draft (migration 0039): staff pressing Publicar at once publish it
 * once, and an edit that brings the start within 48 hours lands either after the publication or
 * before it, which then asks for the confirmation; it is never published short of notice unasked,
 * nor logged with words of another start.
 */

const ROUNDS = 20;
const STAFF = 3;
const HOUR = 3_600_000;
const NO_CONFIRMATION = { confirmShortNotice: false, shortNoticeReason: '' };

const race = useStaffRace(STAFF);

/** A planned outage of Coyhaique starting `hours` after `now`, as staff write it. */
const planned = (now: Date, hours: number) =>
  OutageInputSchema.parse({
    kind: 'programado',
    town: 'coyhaique',
    sectors: 'Villa Los Ñires',
    startsAt: new Date(now.getTime() + hours * HOUR).toISOString(),
    endsAt: new Date(now.getTime() + (hours + 6) * HOUR).toISOString(),
  });

const stepsOf = (id: string) => noticeSteps(race.postgres.db, 'outage', id);

describe('staff publishing an outage at once', () => {
  it(`publish it once: one step, one audit row, one notice, in ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const now = new Date();
      const input = planned(now, 72);
      const { id } = await createOutage(race.postgres.db, race.admins[0]!, input, now);
      const answers = await Promise.all(
        race.sessions.map((db, i) => statusOfCall(publishOutage(db, race.admins[i]!, id, NO_CONFIRMATION, now))),
      );
      expect(answers.sort()).toEqual([200, 409, 409]);
      const words = outageWords('programado', 'Coyhaique', input.startsAt);
      expect(await stepsOf(id)).toEqual({
        notices: ['published'],
        audit: [
          { action: 'create', summary: `borrador: ${words}` },
          { action: 'publish', summary: words },
        ],
      });
    }
  }, 60_000);

  it(`an edit bringing the start within 48 hours comes after the publication or refuses it, in ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const now = new Date();
      const before = planned(now, 72);
      const after = planned(now, 24);
      const { id } = await createOutage(race.postgres.db, race.admins[0]!, before, now);
      const [published, edited] = await Promise.all([
        // The edit reads before it writes: the publication waits a little longer each round, so that
        // the rounds see it land before the edit, while the edit commits, and after.
        statusOfCall(
          delay(round % 5).then(() => publishOutage(race.sessions[0]!, race.admins[0]!, id, NO_CONFIRMATION, now)),
        ),
        statusOfCall(updateOutage(race.sessions[1]!, race.admins[1]!, id, after, now)),
      ]);
      expect(edited).toBe(200);
      const { notices, audit } = await stepsOf(id);
      const wordsBefore = outageWords('programado', 'Coyhaique', before.startsAt);
      const wordsAfter = outageWords('programado', 'Coyhaique', after.startsAt);
      if (published === 200) {
        // Published with the start it had; the edit, a correction of the published outage, after it.
        expect([notices, audit.map((row) => [row.action, row.summary])]).toEqual([
          ['published'],
          [
            ['create', `borrador: ${wordsBefore}`],
            ['publish', wordsBefore],
            ['update', wordsAfter],
          ],
        ]);
      } else {
        // The edit first: 24 hours ahead, the publication wants staff's confirmation, and wrote nothing.
        expect(published).toBe(409);
        expect([notices, audit.map((row) => row.action)]).toEqual([[], ['create', 'update']]);
      }
    }
  }, 60_000);
});
