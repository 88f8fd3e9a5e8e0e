import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivePassId, idFromHex, passIdSource, sha256Hex } from './passId';
import type { PassConfirmationBody } from './receipt';
import { PASS_RECEIPT } from '../../../tests/support/fixtures';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const body: PassConfirmationBody = { ...PASS_RECEIPT };

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('matches the FIPS test vector for %j', async (input, hex) => {
    expect(sha256Hex(input)).toBe(hex);
    expect(nodeSha256(input)).toBe(hex);
  });

  it('agrees with node:crypto on non-ASCII and multi-block input', () => {
    const text = `Zoë ☕ ${'long '.repeat(40)}`;
    expect(sha256Hex(text)).toBe(nodeSha256(text));
  });
});

describe('derived pass id', () => {
  it('is 15 characters of [a-z0-9]', async () => {
    const id = await derivePassId(body);
    expect(id).toMatch(/^[a-z0-9]{15}$/);
  });

  it('is stable for the same values (and the same as node:crypto derives)', async () => {
    const a = await derivePassId(body);
    const b = await derivePassId({ ...body });
    expect(a).toBe(b);
    expect(idFromHex(nodeSha256(passIdSource(body)))).toBe(a);
  });

  it('ignores what does not change the receipt: email case, extra spaces, trailing zeros', async () => {
    const same = await derivePassId({ ...body, email: 'Alan@Example.TEST', name: '  Alan   Turing ', cost: 40.0 });
    expect(same).toBe(await derivePassId(body));
  });

  it.each<[string, Partial<PassConfirmationBody>]>([
    ['name', { name: 'Alan M. Turing' }],
    ['email', { email: 'alan2@example.test' }],
    ['date', { date: 'Sunday, December 6, 2026' }],
    ['time', { time: '7:30 PM' }],
    ['people', { people: 3 }],
    ['cost', { cost: 40.01, total: 43.56 }],
    ['tax', { tax: 3.56, total: 43.56 }],
  ])('changes when the %s changes', async (_field, change) => {
    const base = await derivePassId(body);
    const changed = await derivePassId({ ...body, ...change });
    expect(changed).not.toBe(base);
    expect(changed).toMatch(/^[a-z0-9]{15}$/);
    expect(passIdSource({ ...body, ...change })).not.toBe(passIdSource(body));
  });
});
