import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainBill, explainChange } from '../../src/server/consumption/explanation.ts';
import { CHARGE_COLUMNS, READING_TYPES, type ConsumptionPeriod } from '../../src/shared/consumption/schema.ts';
import { addDays, addMonths } from '../../src/shared/time/days.ts';
import { consumptionPeriod } from '../helpers/consumption.ts';

/** October 2026: 30 days, 10 m³ at $800 the m³ and a fixed charge of $1.000, or another bill made of it. */
const bill = consumptionPeriod;

/** November's bill: October's with `changes`. */
const november = (changes: Partial<ConsumptionPeriod> = {}) =>
  bill({ period: '2026-11', read_from: '2026-10-16', read_to: '2026-11-14', ...changes });
/** `m3` base m³ at $800, as October's bill charges them. */
const charged = (m3: number) => ({ water_charge: 500 * m3, sewer_charge: 200 * m3, treatment_charge: 100 * m3 });

const sum = (parts: { amount: number }[]) => parts.reduce((total, part) => total + part.amount, 0);

describe('every cause alone', () => {
  it('more m³ at the same price is consumo', () => {
    const explanation = explainChange(bill(), november({ consumption_m3: 18, ...charged(18) }), { settled: false });
    expect(explanation).toEqual({
      from: '2026-10',
      to: '2026-11',
      difference: 6400,
      parts: [
        { cause: 'consumo', amount: 6400, text: 'Usó 8 m³ más que en octubre de 2026, al mismo precio: $6.400 más.' },
      ],
    });
  });

  it('fewer m³ lower it', () => {
    const { parts } = explainChange(bill(), november({ consumption_m3: 7, ...charged(7) }), { settled: false });
    expect(parts).toEqual([
      {
        cause: 'consumo',
        amount: -2400,
        text: 'Usó 3 m³ menos que en octubre de 2026, al mismo precio: $2.400 menos.',
      },
    ]);
  });

  it('a longer period at the same daily use is dias', () => {
    // 33 days at October's 1/3 m³ a day: 11 m³, one more.
    const to = november({ read_to: '2026-11-17', consumption_m3: 11, ...charged(11) });
    expect(explainChange(bill(), to, { settled: false }).parts).toEqual([
      {
        cause: 'dias',
        amount: 800,
        text: 'El período de lectura tuvo 33 días, 3 días más que en octubre de 2026, lo que explica 1 m³ más: $800 más.',
      },
    ]);
  });

  it('the days explain no more than the volume changed, and only in their direction', () => {
    const longer = { read_to: '2026-11-15' };
    // The same m³ over a day more: nothing changed in the bill.
    expect(explainChange(bill(), november(longer), { settled: false }).parts).toEqual([]);
    // 1 m³ less over a day more: the use, as the table shows it.
    expect(
      explainChange(bill(), november({ ...longer, consumption_m3: 9, ...charged(9) }), { settled: false }).parts,
    ).toEqual([
      { cause: 'consumo', amount: -800, text: 'Usó 1 m³ menos que en octubre de 2026, al mismo precio: $800 menos.' },
    ]);
    // Six days more would be 2 m³ at October's use; 1 m³ came.
    const sixMore = november({ read_to: '2026-11-20', consumption_m3: 11, ...charged(11) });
    expect(explainChange(bill(), sixMore, { settled: false }).parts.map((part) => [part.cause, part.amount])).toEqual([
      ['dias', 800],
    ]);
  });

  it('a real reading after an estimated one is lectura-estimada', () => {
    const from = bill({ reading_type: 'estimada' });
    const to = november({ consumption_m3: 16, ...charged(16) });
    expect(explainChange(from, to, { settled: true }).parts).toEqual([
      {
        cause: 'lectura-estimada',
        amount: 4800,
        text: 'La boleta de octubre de 2026 se calculó con una lectura estimada y esta lectura real ajusta la diferencia, 6 m³ más al mismo precio: $4.800 más.',
      },
    ]);
  });

  it('the m³ above the limit are sobreconsumo, with their price', () => {
    const to = november({ consumption_m3: 18, overconsumption_m3: 8, overconsumption_charge: 9600 });
    expect(explainChange(bill(), to, { settled: false }).parts).toEqual([
      {
        cause: 'sobreconsumo',
        amount: 9600,
        text: 'Tuvo 8 m³ sobre el límite de sobreconsumo, a $1.200 el m³ (en octubre de 2026, ninguno): $9.600 más.',
      },
    ]);
    expect(explainChange(to, bill({ period: '2026-12' }), { settled: false }).parts).toEqual([
      {
        cause: 'sobreconsumo',
        amount: -9600,
        text: 'No tuvo m³ sobre el límite de sobreconsumo, y en noviembre de 2026 tuvo 8 m³ a $1.200 el m³: $9.600 menos.',
      },
    ]);
  });

  it('a summer bill counts its m³ up to the limit as consumo, the rest as sobreconsumo', () => {
    const summer = november({
      consumption_m3: 27,
      overconsumption_m3: 7,
      overconsumption_charge: 8400,
      ...charged(20),
    });
    expect(explainChange(bill(), summer, { settled: false }).parts.map((part) => part.text)).toEqual([
      'Usó 10 m³ más que en octubre de 2026 hasta el límite de sobreconsumo, al mismo precio: $8.000 más.',
      'Tuvo 7 m³ sobre el límite de sobreconsumo, a $1.200 el m³ (en octubre de 2026, ninguno): $8.400 más.',
    ]);
  });

  it('a higher price per m³ and fixed charge are tarifa', () => {
    const to = november({ fixed_charge: 1050, water_charge: 5400 });
    expect(explainChange(bill(), to, { settled: false }).parts).toEqual([
      {
        cause: 'tarifa',
        amount: 450,
        text: 'El precio por m³ pasó de $800 a $840 y el cargo fijo pasó de $1.000 a $1.050 (indexación de la tarifa): $450 más.',
      },
    ]);
    expect(explainChange(bill(), november({ fixed_charge: 1100 }), { settled: false }).parts).toEqual([
      {
        cause: 'tarifa',
        amount: 100,
        text: 'El cargo fijo pasó de $1.000 a $1.100 (indexación de la tarifa): $100 más.',
      },
    ]);
  });

  it('the subsidy starting, ending or changing is subsidio', () => {
    const subsidised = (amount: number) => november({ subsidy_amount: amount });
    expect(explainChange(bill(), subsidised(3000), { settled: false }).parts).toEqual([
      { cause: 'subsidio', amount: -3000, text: 'Comenzó a recibir un subsidio al consumo de $3.000: $3.000 menos.' },
    ]);
    expect(explainChange(bill({ subsidy_amount: 3000 }), subsidised(0), { settled: false }).parts).toEqual([
      {
        cause: 'subsidio',
        amount: 3000,
        text: 'Terminó el subsidio de $3.000 que recibía en octubre de 2026: $3.000 más.',
      },
    ]);
    expect(explainChange(bill({ subsidy_amount: 3000 }), subsidised(2000), { settled: false }).parts).toEqual([
      { cause: 'subsidio', amount: 1000, text: 'Su subsidio pasó de $3.000 en octubre de 2026 a $2.000: $1.000 más.' },
    ]);
  });

  it("an agreement's instalment is convenio", () => {
    expect(explainChange(bill(), november({ agreement_instalment: 5000 }), { settled: false }).parts).toEqual([
      {
        cause: 'convenio',
        amount: 5000,
        text: 'Esta boleta incluye la cuota de un convenio de pago, de $5.000: $5.000 más.',
      },
    ]);
    expect(explainChange(bill({ agreement_instalment: 5000 }), november(), { settled: false }).parts).toEqual([
      {
        cause: 'convenio',
        amount: -5000,
        text: 'Esta boleta ya no incluye la cuota de convenio de $5.000 que tuvo la de octubre de 2026: $5.000 menos.',
      },
    ]);
  });

  it('other charges are otros-cargos', () => {
    expect(explainChange(bill(), november({ other_charges: 3500 }), { settled: false }).parts).toEqual([
      {
        cause: 'otros-cargos',
        amount: 3500,
        text: 'Los otros cargos de la boleta pasaron de $0 en octubre de 2026 a $3.500: $3.500 más.',
      },
    ]);
  });

  it('a compensation credited is compensacion', () => {
    expect(explainChange(bill(), november({ compensation: 2000 }), { settled: false }).parts).toEqual([
      { cause: 'compensacion', amount: -2000, text: 'Se le abonó una compensación de $2.000: $2.000 menos.' },
    ]);
    expect(explainChange(bill({ compensation: 2000 }), november(), { settled: false }).parts).toEqual([
      {
        cause: 'compensacion',
        amount: 2000,
        text: 'La boleta de octubre de 2026 tuvo abonada una compensación de $2.000, que esta no tiene: $2.000 más.',
      },
    ]);
  });
});

describe('the edges', () => {
  it('equal bills have no parts', () => {
    expect(explainChange(bill(), november(), { settled: false })).toEqual({
      from: '2026-10',
      to: '2026-11',
      difference: 0,
      parts: [],
    });
  });

  it('causes combined come in their order and add up', () => {
    const to = november({
      read_to: '2026-11-17',
      consumption_m3: 20,
      overconsumption_m3: 4,
      overconsumption_charge: 4800,
      fixed_charge: 1050,
      water_charge: 16 * 540,
      sewer_charge: 16 * 200,
      treatment_charge: 16 * 100,
      subsidy_amount: 0,
      agreement_instalment: 2500,
      other_charges: 700,
      compensation: 1200,
    });
    const from = bill({ subsidy_amount: 3000, reading_type: 'estimada' });
    const explanation = explainChange(from, to, { settled: true });
    expect(explanation.parts.map((part) => part.cause)).toEqual([
      'dias',
      'lectura-estimada',
      'sobreconsumo',
      'tarifa',
      'subsidio',
      'convenio',
      'otros-cargos',
      'compensacion',
    ]);
    // 1 m³ for the 3 days and 5 m³ more a day at $800; the new price on the 16 base m³: $640.
    expect(explanation.parts.slice(0, 4).map((part) => part.amount)).toEqual([800, 4000, 4800, 690]);
    expect(sum(explanation.parts)).toBe(explanation.difference);
    expect(explanation.difference).toBe(to.total - from.total);
  });

  it('a price that only wobbles with the charges rounded to pesos is no tariff change', () => {
    // $780,4 the m³ of water on 7 and on 13 m³: $5.463 and $10.145, not 7 and 13 times one price.
    const water = (m3: number) => ({
      consumption_m3: m3,
      water_charge: Math.round(m3 * 780.4),
      sewer_charge: 0,
      treatment_charge: 0,
    });
    const explanation = explainChange(bill(water(7)), november(water(13)), { settled: false });
    expect(explanation.parts.map((part) => [part.cause, part.amount])).toEqual([['consumo', 4682]]);
  });

  it('zero m³ before: the volume is priced at this bill', () => {
    const empty = bill({ consumption_m3: 0, ...charged(0) });
    const explanation = explainChange(empty, november({ consumption_m3: 10, ...charged(10) }), { settled: false });
    expect(explanation.parts).toEqual([
      { cause: 'consumo', amount: 8000, text: 'Usó 10 m³ más que en octubre de 2026, al mismo precio: $8.000 más.' },
    ]);
  });

  it('zero m³ now: all of the earlier volume goes', () => {
    const explanation = explainChange(bill(), november({ consumption_m3: 0, ...charged(0) }), { settled: false });
    expect(explanation.parts.map((part) => [part.cause, part.amount])).toEqual([['consumo', -8000]]);
  });

  it('zero m³ on both sides and a one-day period: only the fixed charge can change', () => {
    const empty = { consumption_m3: 0, ...charged(0) };
    const explanation = explainChange(
      bill(empty),
      november({ ...empty, read_from: '2026-11-14', fixed_charge: 1200 }),
      { settled: false },
    );
    expect(explanation.parts.map((part) => [part.cause, part.amount])).toEqual([['tarifa', 200]]);
  });
});

/** A valid period: its m³ and readings agree, the m³ above the limit are part of them, the total is the sum. */
const periodArbitrary = fc
  .record({
    start: fc.integer({ min: 0, max: 800 }),
    days: fc.integer({ min: 1, max: 62 }),
    consumption: fc.integer({ min: 0, max: 400 }),
    overShare: fc.double({ min: 0, max: 1, noNaN: true }),
    reading_type: fc.constantFrom(...READING_TYPES),
    charges: fc.record(
      Object.fromEntries(CHARGE_COLUMNS.map((column) => [column, fc.integer({ min: 0, max: 400_000 })])),
    ),
  })
  .map(({ start, days, consumption, overShare, reading_type, charges }) => {
    const read_from = addDays('2025-01-01', start);
    return bill({
      ...(charges as Record<(typeof CHARGE_COLUMNS)[number], number>),
      period: addMonths(read_from, 1).slice(0, 7),
      read_from,
      read_to: addDays(read_from, days - 1),
      reading_from: 0,
      reading_to: consumption,
      consumption_m3: consumption,
      overconsumption_m3: Math.floor(consumption * overShare),
      reading_type,
    });
  });

describe('the parts always add up', () => {
  it('to the difference of any two valid bills, none of them zero', () => {
    fc.assert(
      fc.property(periodArbitrary, periodArbitrary, fc.boolean(), (from, to, settled) => {
        const explanation = explainChange(from, to, { settled });
        expect(explanation.difference).toBe(to.total - from.total);
        expect(sum(explanation.parts)).toBe(explanation.difference);
        for (const part of explanation.parts) {
          expect(Number.isInteger(part.amount) && part.amount !== 0).toBe(true);
          expect(part.text).toMatch(/^\S.*: \$[\d.]+ (más|menos)\.$/);
        }
        expect(new Set(explanation.parts.map((part) => part.cause)).size).toBe(explanation.parts.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('explainBill', () => {
  /** `count` monthly bills ending in November 2026, the last one with 8 m³ more. */
  const history = (count: number) =>
    Array.from({ length: count }, (_, index) => {
      const period = addMonths('2026-11-01', index - count + 1).slice(0, 7);
      return index === count - 1 ? november({ period, consumption_m3: 18, ...charged(18) }) : bill({ period });
    });

  it('has nothing to explain with fewer than two bills', () => {
    expect(explainBill([])).toEqual({ explanation: null, yearEarlier: null });
    expect(explainBill(history(1))).toEqual({ explanation: null, yearEarlier: null });
  });

  it('compares with the bill before and, with 13 kept, the same month a year earlier', () => {
    const { explanation, yearEarlier } = explainBill(history(13));
    expect(explanation).toMatchObject({ from: '2026-10', to: '2026-11', difference: 6400 });
    expect(yearEarlier).toMatchObject({ from: '2025-11', to: '2026-11', difference: 6400 });
    expect(yearEarlier!.parts[0]!.text).toBe('Usó 8 m³ más que en noviembre de 2025, al mismo precio: $6.400 más.');
  });

  it('has no year-earlier comparison when that month is not kept', () => {
    const { explanation, yearEarlier } = explainBill(history(12));
    expect(explanation).not.toBeNull();
    expect(yearEarlier).toBeNull();
  });

  it('settles an estimate only against the bill right before', () => {
    const periods = history(13);
    periods[11] = { ...periods[11]!, reading_type: 'estimada' };
    periods[0] = { ...periods[0]!, reading_type: 'estimada' };
    const { explanation, yearEarlier } = explainBill(periods);
    expect(explanation!.parts.map((part) => part.cause)).toEqual(['lectura-estimada']);
    expect(yearEarlier!.parts.map((part) => part.cause)).toEqual(['consumo']);
  });
});
