import { describe, expect, it } from 'vitest';
import { attributionFields, attributionQuery, captureAttribution, readAttribution } from './attribution';

const day = 24 * 60 * 60 * 1000;

describe('attribution', () => {
  it('captures gclid with its capture time and the five utm values from a landing URL', () => {
    const now = new Date('2026-11-22T15:00:00Z');
    captureAttribution(
      'https://example.com/board-game-night?gclid=abc123&utm_source=google&utm_medium=cpc&utm_campaign=fall&utm_term=board+games&utm_content=ad1&other=x',
      now,
    );
    expect(sessionStorage.getItem('gclid')).toBe('abc123');
    expect(sessionStorage.getItem('gclid_captured_at')).toBe('2026-11-22T15:00:00.000Z');
    expect(readAttribution(now)).toEqual({
      gclid: 'abc123',
      gclid_captured_at: '2026-11-22T15:00:00.000Z',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'fall',
      utm_term: 'board games',
      utm_content: 'ad1',
    });
    expect(attributionQuery(now)).toEqual([
      ['gclid', 'abc123'],
      ['utm_source', 'google'],
      ['utm_medium', 'cpc'],
      ['utm_campaign', 'fall'],
      ['utm_term', 'board games'],
      ['utm_content', 'ad1'],
    ]);
  });

  it('keeps earlier values when a later page has no tracking parameters', () => {
    captureAttribution('https://example.com/?gclid=first&utm_source=news');
    captureAttribution('https://example.com/board-game-night');
    expect(readAttribution()).toMatchObject({ gclid: 'first', utm_source: 'news' });
  });

  it('replaces the whole utm set on a new campaign touch, and the gclid with a fresh time', () => {
    const t1 = new Date('2026-11-01T00:00:00Z');
    const t2 = new Date('2026-11-20T00:00:00Z');
    captureAttribution('https://example.com/?gclid=one&utm_source=a&utm_medium=b&utm_campaign=c', t1);
    captureAttribution('https://example.com/?gclid=two&utm_source=z', t2);
    const a = readAttribution(t2);
    expect(a).toEqual({ gclid: 'two', gclid_captured_at: t2.toISOString(), utm_source: 'z' });
  });

  it('treats the gclid as valid for 90 days from capture', () => {
    const captured = new Date('2026-08-01T12:00:00Z');
    captureAttribution('https://example.com/?gclid=old', captured);
    expect(readAttribution(new Date(captured.getTime() + 90 * day)).gclid).toBe('old');
    expect(readAttribution(new Date(captured.getTime() + 90 * day + 1)).gclid).toBeUndefined();
    // expired values are removed
    expect(sessionStorage.getItem('gclid')).toBeNull();
    expect(attributionQuery(new Date(captured.getTime() + 91 * day))).toEqual([]);
  });

  it('ignores an unreadable capture time and trims long values', () => {
    sessionStorage.setItem('gclid', 'x');
    sessionStorage.setItem('gclid_captured_at', 'yesterday');
    expect(readAttribution().gclid).toBeUndefined();
    captureAttribution(`https://example.com/?utm_campaign=${'c'.repeat(400)}`);
    expect(readAttribution().utm_campaign).toHaveLength(255);
  });

  it('adds the page URL for the conversion event', () => {
    captureAttribution('https://example.com/?utm_source=ig');
    expect(attributionFields()).toMatchObject({ utm_source: 'ig', event_source_url: window.location.href });
  });
});
