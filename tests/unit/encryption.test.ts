import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MissingSettingError } from '../../src/server/config.ts';
import { seal, sealText, unseal, unsealText } from '../../src/server/encryption.ts';

/** Denuncias at rest: AES-256-GCM, bound to their place, refused without a key in production. */

const KEY = randomBytes(32).toString('base64');

afterEach(() => {
  delete process.env.DENUNCIAS_ENCRYPTION_KEY;
  process.env.APP_MODE = 'local';
});

describe('sealText', () => {
  it('hides the text, differs every time and reads back only in its own place', async () => {
    process.env.DENUNCIAS_ENCRYPTION_KEY = KEY;
    const text = 'Un supervisor insulta a diario a un trabajador del turno de noche.';
    const first = await sealText(text, 'denuncias.narrative:DEN-AAAA2222');
    const second = await sealText(text, 'denuncias.narrative:DEN-AAAA2222');
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain('supervisor');
    expect(first).not.toBe(second);
    expect(await unsealText(first, 'denuncias.narrative:DEN-AAAA2222')).toBe(text);
    // Copied into another denuncia or another column, it does not decrypt.
    await expect(unsealText(first, 'denuncias.narrative:DEN-BBBB3333')).rejects.toThrow();
    await expect(unsealText(first, 'denuncias.email:DEN-AAAA2222')).rejects.toThrow();
  });

  it('refuses a tampered value and one sealed with another key', async () => {
    process.env.DENUNCIAS_ENCRYPTION_KEY = KEY;
    const sealed = await sealText('texto', 'x');
    // One character of the ciphertext changed (the one before the last, whose bits are all data).
    const tampered = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(tampered).not.toBe(sealed);
    await expect(unsealText(tampered, 'x')).rejects.toThrow();
    process.env.DENUNCIAS_ENCRYPTION_KEY = randomBytes(32).toString('base64');
    await expect(unsealText(sealed, 'x')).rejects.toThrow();
  });

  it('keeps an empty text empty (a field the reporter left blank)', async () => {
    process.env.DENUNCIAS_ENCRYPTION_KEY = KEY;
    expect(await sealText('', 'x')).toBe('');
    expect(await unsealText('', 'x')).toBe('');
  });
});

describe('seal', () => {
  it('seals bytes (an attachment) the same way', async () => {
    process.env.DENUNCIAS_ENCRYPTION_KEY = KEY;
    const bytes = randomBytes(1000);
    const sealed = await seal(bytes, 'file');
    expect(sealed.byteLength).toBe(1000 + 28);
    expect(sealed.includes(bytes.subarray(0, 32))).toBe(false);
    expect(await unseal(sealed, 'file')).toEqual(bytes);
  });
});

describe('the key', () => {
  it('production without it refuses to seal anything', async () => {
    delete process.env.APP_MODE;
    await expect(sealText('texto', 'x')).rejects.toBeInstanceOf(MissingSettingError);
  });

  it('production refuses a key that is not 32 bytes', async () => {
    delete process.env.APP_MODE;
    process.env.DENUNCIAS_ENCRYPTION_KEY = randomBytes(16).toString('base64');
    await expect(sealText('texto', 'x')).rejects.toThrow(/32 bytes/);
  });

  it('local mode generates one and keeps it', async () => {
    process.env.APP_MODE = 'local';
    const sealed = await sealText('texto', 'x');
    expect(await unsealText(sealed, 'x')).toBe('texto');
  });
});
