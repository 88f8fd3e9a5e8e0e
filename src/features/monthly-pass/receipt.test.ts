import { describe, expect, it } from 'vitest';
import { formatCents, parseDollars, parsePeople, passLine, peopleLabel, readPassReceipt } from './receipt';
import { PASS_RECEIPT } from '../../../tests/support/fixtures';

const full = 'date=2026-12-05&time=7%3A00+PM&people=2&cost=40&tax=3.55&email=alan%40example.test&name=Alan+Turing';

describe('receipt arithmetic', () => {
  it('adds cost and tax in cents and shows two decimals', () => {
    const r = readPassReceipt(full);
    expect(r.costCents).toBe(4000);
    expect(r.taxCents).toBe(355);
    expect(r.totalCents).toBe(4355);
    expect(formatCents(r.totalCents!)).toBe('$43.55');
  });

  it('never suffers floating-point drift (0.1 + 0.2)', () => {
    const r = readPassReceipt('cost=0.1&tax=0.2');
    expect(r.totalCents).toBe(30);
    expect(formatCents(r.totalCents!)).toBe('$0.30');
    const big = readPassReceipt('cost=1234.5&tax=109.57');
    expect(formatCents(big.totalCents!)).toBe('$1,344.07');
  });

  it.each([
    ['40', 4000],
    ['40.5', 4050],
    ['40.50', 4050],
    ['$40.00', 4000],
    [' 39.99 ', 3999],
    ['1.005', 101],
    ['1.0049', 100],
    ['0', 0],
    ['1,200.00', 120000],
  ])('reads the price %j as %i cents', (raw, cents) => {
    expect(parseDollars(raw)).toEqual({ state: 'ok', value: cents });
  });

  it.each(['abc', '-5', '1e3', 'NaN', 'Infinity', '40.', '$', '12.3.4', 'undefined'])('refuses the price %j', (raw) => {
    expect(parseDollars(raw)).toEqual({ state: 'invalid' });
  });

  it('treats a missing tax as no tax, but a malformed tax as unknown', () => {
    const noTax = readPassReceipt('cost=40');
    expect(noTax.taxCents).toBe(0);
    expect(noTax.totalCents).toBe(4000);
    const badTax = readPassReceipt('cost=40&tax=lots');
    expect(badTax.taxCents).toBeNull();
    expect(badTax.totalCents).toBeNull();
    expect(badTax.problems).toContain('tax');
  });
});

describe('plural rule', () => {
  it('says person for one and people otherwise', () => {
    expect(peopleLabel(1)).toBe('1 person');
    expect(peopleLabel(2)).toBe('2 people');
    expect(peopleLabel(20)).toBe('20 people');
    expect(passLine(1)).toBe('Monthly Pass · 1 person');
    expect(passLine(4)).toBe('Monthly Pass · 4 people');
    expect(passLine(null)).toBe('Monthly Pass');
  });

  it.each([
    ['1', 1],
    ['20', 20],
  ])('reads %j people', (raw, n) => expect(parsePeople(raw)).toEqual({ state: 'ok', value: n }));

  it.each(['0', '21', '2.5', '-1', 'two', 'NaN'])('refuses %j people', (raw) => expect(parsePeople(raw)).toEqual({ state: 'invalid' }));
});

describe('readPassReceipt', () => {
  it('builds the confirmation when every value is present and well-formed', () => {
    const r = readPassReceipt(`?${full}`);
    expect(r.problems).toEqual([]);
    expect(r.confirmation).toEqual(PASS_RECEIPT);
  });

  it('keeps a date written as text', () => {
    const r = readPassReceipt('date=Saturday%2C+December+5%2C+2026&time=7pm&people=1&cost=25&email=a%40b.co&name=A');
    expect(r.date).toBe('Saturday, December 5, 2026');
    expect(r.confirmation?.people).toBe(1);
  });

  it.each([
    ['name', full.replace('&name=Alan+Turing', '')],
    ['email', full.replace('alan%40example.test', 'not-an-email')],
    ['date', full.replace('2026-12-05', '2026-02-30')],
    ['time', full.replace('time=7%3A00+PM&', '')],
    ['people', full.replace('people=2', 'people=abc')],
    ['cost', full.replace('cost=40', 'cost=free')],
    ['tax', full.replace('tax=3.55', 'tax=NaN')],
  ])('sends nothing when %s is missing or malformed', (field, query) => {
    const r = readPassReceipt(query);
    expect(r.confirmation).toBeNull();
    expect(r.problems).toContain(field);
  });

  it('shows nothing broken for an empty or hostile query', () => {
    for (const query of ['', 'people=NaN&cost=undefined&tax=Infinity&date=undefined&time=null&name=%20&email=undefined']) {
      const r = readPassReceipt(query);
      expect(r.confirmation).toBeNull();
      expect(r).toMatchObject({ name: null, email: null, date: null, time: null, people: null, costCents: null, totalCents: null });
      expect(JSON.stringify(r)).not.toMatch(/NaN|undefined/);
    }
  });

  it('cleans control characters and long text', () => {
    const r = readPassReceipt(`name=${encodeURIComponent('Ada\n\tLovelace')}&time=${'x'.repeat(101)}`);
    expect(r.name).toBe('Ada Lovelace');
    expect(r.time).toBeNull();
  });
});
