import { describe, expect, it } from 'vitest';
import { changeOutageStatus, publishOutage } from '../../src/server/outages/lifecycle.ts';
import { createOutage } from '../../src/server/outages/manage.ts';
import { correctSupplyTimes } from '../../src/server/outages/supply-times.ts';
import { OutageSupplyTimesSchema } from '../../src/shared/outages/admin/schema.ts';
import { OutageInputSchema } from '../../src/shared/outages/schema.ts';
import { statusOfCall, useStaffRace } from '../helpers/real-postgres.ts';

/**
 * The real times (when the supply stopped and came back) under truly concurrent requests, each on its own session of a real
 * PostgreSQL 17: staff correcting an outage's stop while another marks it restablecido lose
 * nothing. Whichever lands first, the restore keeps a corrected stop it did not read, and a
 * correction made for the outage en curso never clears a restore it did not see (nor logs times
 * that were no longer there): it is refused and staff read the outage again.
 */

/**
 * Rounds raced: at least ROUNDS, and more until both outcomes landed (a busy machine can run 20
 * with the correction first each time: a clean-clone run did), at most MAX_ROUNDS.
 */
const ROUNDS = 20;
const MAX_ROUNDS = 100;
const HOUR = 3_600_000;

const race = useStaffRace(2);

/** An emergency that started two hours ago and was marked en curso then: its default stop. */
async function started(now: Date): Promise<{ id: string; defaultStop: Date }> {
  const defaultStop = new Date(now.getTime() - 2 * HOUR);
  const { id } = await createOutage(
    race.postgres.db,
    race.admins[0]!,
    OutageInputSchema.parse({
      kind: 'emergencia',
      town: 'coyhaique',
      sectors: 'Villa Los Ñires',
      startsAt: defaultStop.toISOString(),
      endsAt: new Date(now.getTime() + 6 * HOUR).toISOString(),
    }),
    defaultStop,
  );
  await publishOutage(
    race.postgres.db,
    race.admins[0]!,
    id,
    { confirmShortNotice: false, shortNoticeReason: '' },
    defaultStop,
  );
  await changeOutageStatus(race.postgres.db, race.admins[0]!, id, { status: 'en_curso' }, defaultStop);
  return { id, defaultStop };
}

describe('a correction of the stop racing the restore', () => {
  it(`keeps the corrected stop, or is refused and keeps the restore, in ${ROUNDS} rounds or more`, async () => {
    const outcomes: number[] = [];
    const bothLanded = () => outcomes.includes(200) && outcomes.includes(409);
    for (let round = 0; round < MAX_ROUNDS && (round < ROUNDS || !bothLanded()); round++) {
      const now = new Date();
      const { id, defaultStop } = await started(now);
      const correctedStop = new Date(defaultStop.getTime() - 30 * 60_000);
      const correction = OutageSupplyTimesSchema.parse({
        supplyStoppedAt: correctedStop.toISOString(),
        reason: 'Aviso de vecinos: el agua se cortó media hora antes.',
      });
      const correct = () => statusOfCall(correctSupplyTimes(race.sessions[0]!, race.admins[0]!, id, correction, now));
      const restore = () =>
        statusOfCall(changeOutageStatus(race.sessions[1]!, race.admins[1]!, id, { status: 'restablecido' }, now));
      // Each sends first in turn, so that both orders land.
      let corrected: number, restored: number;
      if (round % 2 === 0) [corrected, restored] = await Promise.all([correct(), restore()]);
      else [restored, corrected] = await Promise.all([restore(), correct()]);
      outcomes.push(corrected);
      expect(restored).toBe(200);
      const [row] = await race.postgres.db.query<{ status: string; stopped: Date; restored: Date | null }>(
        'SELECT status, supply_stopped_at AS stopped, supply_restored_at AS restored FROM outages WHERE id = $1',
        [id],
      );
      const audit = await race.postgres.db.query<{ summary: string }>(
        `SELECT summary FROM audit_log WHERE entity = 'outage' AND entity_id = $1 AND summary LIKE 'Horas reales%'`,
        [id],
      );
      // The restore is never lost, whoever won.
      expect(row).toMatchObject({ status: 'restablecido', restored: now });
      if (corrected === 200) {
        expect(row!.stopped).toEqual(correctedStop);
        expect(audit).toHaveLength(1);
        expect(audit[0]!.summary).toContain('reposición sin registrar → sin registrar');
      } else {
        // Refused: 409 when it read the outage en curso and the restore landed before its write; 400
        // (the restore is required) when it read it restablecido.
        expect([400, 409]).toContain(corrected);
        expect(row!.stopped).toEqual(defaultStop);
        expect(audit).toEqual([]);
      }
    }
    // Both orders happened: the guards were exercised, not only the quiet path.
    expect(outcomes).toContain(200);
    expect(outcomes).toContain(409);
  }, 180_000);
});
