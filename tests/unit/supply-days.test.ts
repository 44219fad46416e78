import { describe, expect, it } from 'vitest';
import {
  estimatedCredit,
  interruptionHours,
  supplyDays,
  totalSupplyDays,
  type Interruption,
} from '../../src/shared/outages/supply-days.ts';
import { formatDuration, formatSupplyDays, SUPPLY_DAY_RULE } from '../../src/shared/outages/supply-days-texts.ts';

// Instants on Aysén's clock (UTC−3 all year).
const outage = (stoppedAt: string, restoredAt: string, forceMajeureResolution: string | null = null): Interruption => ({
  stoppedAt: `${stoppedAt}:00-03:00`,
  restoredAt: `${restoredAt}:00-03:00`,
  forceMajeureResolution,
});

describe('días sin suministro (Ley 19.496 art. 25 A)', () => {
  it('counts a 5 h 30 min outage as one day', () => {
    const cut = outage('2026-11-10T08:00', '2026-11-10T13:30');
    expect(interruptionHours(cut)).toBe(5.5);
    expect(supplyDays(cut)).toBe(1);
    expect(formatSupplyDays(supplyDays(cut))).toBe('1 día sin suministro');
  });

  it('counts exactly 4 hours as a whole day and less as the fraction hours ÷ 4', () => {
    expect(supplyDays(outage('2026-11-10T08:00', '2026-11-10T12:00'))).toBe(1);
    expect(supplyDays(outage('2026-11-10T08:00', '2026-11-10T11:00'))).toBe(0.75);
    expect(supplyDays(outage('2026-11-10T08:00', '2026-11-10T09:30'))).toBe(0.375);
    expect(formatSupplyDays(0.375)).toBe('0,38 días sin suministro');
    expect(SUPPLY_DAY_RULE).toContain('las horas sin agua divididas por 4');
  });

  it('counts two 3-hour outages on one day as one day, and on two days as 1,5', () => {
    const morning = outage('2026-11-10T07:00', '2026-11-10T10:00');
    const evening = outage('2026-11-10T17:00', '2026-11-10T20:00');
    const nextEvening = outage('2026-11-11T17:00', '2026-11-11T20:00');
    expect(supplyDays(morning) + supplyDays(evening)).toBe(1.5);
    expect(totalSupplyDays([morning, evening])).toBe(1);
    expect(totalSupplyDays([morning, nextEvening])).toBe(1.5);
    expect(formatSupplyDays(1.5)).toBe('1,5 días sin suministro');
  });

  it('counts a 26-hour outage over two of Aysén’s days as two days', () => {
    const cut = outage('2026-11-10T08:00', '2026-11-11T10:00');
    expect(interruptionHours(cut)).toBe(26);
    expect(supplyDays(cut)).toBe(2);
    expect(formatDuration(26)).toBe('26 h');
  });

  it('splits days at Aysén’s midnight, not UTC’s', () => {
    // 22:00–02:00 in Coyhaique is 01:00–05:00 UTC, one UTC day: two Aysén days of 2 h each.
    const cut = outage('2026-11-10T22:00', '2026-11-11T02:00');
    expect(supplyDays(cut)).toBe(1);
    expect(totalSupplyDays([cut, outage('2026-11-11T05:00', '2026-11-11T06:00')])).toBe(1.25);
  });

  it('counts nothing for an outage the SISS declared force majeure', () => {
    const declared = outage('2026-11-10T08:00', '2026-11-11T10:00', 'Resolución Exenta N° 1234');
    expect(supplyDays(declared)).toBe(0);
    expect(totalSupplyDays([declared, outage('2026-11-12T08:00', '2026-11-12T10:00')])).toBe(0.5);
  });

  it('counts the common hours of overlapping outages once', () => {
    const first = outage('2026-11-10T08:00', '2026-11-10T10:00');
    const second = outage('2026-11-10T09:00', '2026-11-10T11:00');
    expect(totalSupplyDays([first, second])).toBe(0.75);
  });

  it('estimates ten times the previous bill’s daily average per day, in whole pesos', () => {
    // $15.000 over 30 days: $500 a day, $5.000 a day without supply.
    expect(estimatedCredit(1, { amount: 15_000, days: 30 })).toBe(5_000);
    expect(estimatedCredit(0.75, { amount: 15_000, days: 30 })).toBe(3_750);
    expect(estimatedCredit(1, { amount: 10_000, days: 31 })).toBe(3_226);
  });

  it('writes a real duration in hours and minutes', () => {
    expect(formatDuration(5.5)).toBe('5 h 30 min');
    expect(formatDuration(0.75)).toBe('45 min');
  });
});
