import { describe, expect, it } from 'vitest';
import { usableTimeZone } from '../../../src/shared/time/zone.ts';

// WebKitGTK 2.50 (Debian 12's ICU) has no America/Coyhaique and threw in the receipt's island.
describe('a runtime without the zone Aysén is in', () => {
  it('keeps the zone where the runtime has it', () => {
    expect(usableTimeZone('America/Coyhaique', 'Etc/GMT+3')).toBe('America/Coyhaique');
  });

  it('falls back to the fixed offset instead of throwing where it has not', () => {
    expect(() => new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Nowhere' })).toThrow(RangeError);
    expect(usableTimeZone('America/Nowhere', 'Etc/GMT+3')).toBe('Etc/GMT+3');
  });

  it.each([
    ['15 July', '2027-07-15T12:00:00Z'],
    ['15 December', '2027-12-15T12:00:00Z'],
  ])("and the fixed offset reads Aysén's clock on %s", (_, iso) => {
    const time = new Intl.DateTimeFormat('es-CL', {
      timeZone: 'Etc/GMT+3',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(time.format(new Date(iso))).toBe('09:00');
  });
});
