import { describe, expect, it } from 'vitest';
import { firstName } from './tonight';

describe('firstName', () => {
  it('greets by the first word of the trimmed name', () => {
    expect(firstName('  Ada   Lovelace ')).toBe('Ada');
    expect(firstName('Cher')).toBe('Cher');
  });
});
