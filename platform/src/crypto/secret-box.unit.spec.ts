import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { SecretBox, trackerSecretPurpose } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));
  const purpose = trackerSecretPurpose('demo', 42);

  it('opens what it sealed, and the sealed form does not contain the plaintext', () => {
    const sealed = box.seal('api-token-ABC123', purpose);
    expect(JSON.stringify(sealed)).not.toContain('api-token-ABC123');
    expect(JSON.stringify(sealed)).not.toContain(Buffer.from('api-token-ABC123').toString('base64'));
    expect(box.open(sealed, purpose)).toBe('api-token-ABC123');
  });

  it('uses a fresh IV each time', () => {
    const [a, b] = [box.seal('same', purpose), box.seal('same', purpose)];
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
  });

  it('refuses another purpose (another tenant or connection), another key and an altered secret', () => {
    const sealed = box.seal('token', purpose);
    expect(() => box.open(sealed, trackerSecretPurpose('other', 42))).toThrow();
    expect(() => box.open(sealed, trackerSecretPurpose('demo', 43))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, purpose)).toThrow(/sealed under key/);
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = data[0]! ^ 1;
    expect(() => box.open({ ...sealed, data: data.toString('base64') }, purpose)).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
