import { describe, expect, it } from 'vitest';
import { activityKind, activitySummary, changedFields } from '../../../lib/rules/activity';
import { activityCsv, activityFilter, historyLine, nightOf, NO_ACTIVITY_FILTERS, whenText, type ActivityRow } from './activityLogic';

// November: New York is UTC-5. 9:42 PM on the 27th is 02:42 UTC on the 28th.
const row = (over: Partial<ActivityRow> = {}): ActivityRow => ({
  id: 'a1',
  actor: 'u1',
  actor_name: 'Sam',
  device: 'Door tablet',
  kind: 'reservation.status',
  target_collection: 'reservations',
  target_id: 'r1',
  summary: 'Arrived',
  before: { status: 'confirmed' },
  after: { status: 'arrived' },
  made_at: '2026-11-28T02:42:00.000Z',
  created: '2026-11-28 02:42:20.000Z',
  ...over,
});

describe('historyLine', () => {
  it('what · who on which tablet · when, on the venue clock', () => {
    expect(historyLine(row(), '2026-11-27')).toBe('Arrived · Sam on Door tablet · 9:42 PM');
  });

  it('says when it was applied only when that was more than a minute after it was made', () => {
    const late = row({ created: '2026-11-28 02:51:05.000Z' });
    expect(historyLine(late, '2026-11-27')).toBe('Arrived · Sam on Door tablet · 9:42 PM, applied 9:51 PM when the wifi came back');
    expect(whenText(row({ created: '2026-11-28 02:43:00.000Z' }), '2026-11-27')).toBe('9:42 PM');
    expect(whenText(row({ created: '2026-11-28 02:43:01.000Z' }), '2026-11-27')).toBe('9:42 PM, applied 9:43 PM when the wifi came back');
  });

  it("a restore reads as who restored which backup, and says it was logged when the restored server started", () => {
    const restore = row({
      actor_name: 'owner@example.test',
      device: 'Office tablet',
      kind: 'system.restore',
      target_collection: '',
      target_id: '',
      summary: 'Restored the backup "nightly.zip" from the staff area: it took away 2 bookings made since it, 1 of them already mailed (not mailed again)',
      created: '2026-11-28 02:44:00.000Z',
    });
    expect(historyLine(restore, '2026-11-27')).toBe(
      'Restored the backup "nightly.zip" from the staff area: it took away 2 bookings made since it, 1 of them already mailed (not mailed again) · owner@example.test on Office tablet · 9:42 PM, logged 9:44 PM when the server started again',
    );
    expect(activityFilter({ ...NO_ACTIVITY_FILTERS, group: 'restores' }).params).toEqual({ kind: 'system.%' });
  });

  it('a change made at 12:40 AM belongs to the night before', () => {
    const afterMidnight = row({ made_at: '2026-11-28T05:40:00.000Z', created: '2026-11-28 05:40:02.000Z' });
    expect(nightOf(afterMidnight)).toBe('2026-11-27');
    expect(whenText(afterMidnight, '2026-11-27')).toBe('12:40 AM');
    // Seen the next night, it names its own.
    expect(whenText(afterMidnight, '2026-11-28')).toBe('Friday, November 27, 12:40 AM');
    // 4:00 AM begins the next night.
    expect(nightOf(row({ made_at: '2026-11-28T09:00:00.000Z' }))).toBe('2026-11-28');
  });

  it('a change made at the server (no made_at) reads its applied time; no device, no "on"', () => {
    expect(historyLine(row({ made_at: '', device: '', created: '2026-11-28 03:00:00.000Z' }), '2026-11-27')).toBe('Arrived · Sam · 10:00 PM');
  });
});

describe('the owner filters', () => {
  it('a night is 4:00 AM to 4:00 AM on the venue clock, by when it was applied; values are parameters', () => {
    expect(activityFilter({ person: ' sam ', day: '2026-11-27', group: 'reservations' })).toEqual({
      filter: 'actor_name ~ {:person} && created >= {:from} && created < {:to} && kind ~ {:kind}',
      params: { person: 'sam', from: '2026-11-27 09:00:00.000Z', to: '2026-11-28 09:00:00.000Z', kind: 'reservation.%' },
    });
    expect(activityFilter(NO_ACTIVITY_FILTERS)).toEqual({ filter: '', params: {} });
    expect(activityFilter({ ...NO_ACTIVITY_FILTERS, group: 'sign-ins' }).params).toEqual({ kind: 'staff.%' });
    // A night that is not a date filters nothing rather than everything away.
    expect(activityFilter({ ...NO_ACTIVITY_FILTERS, day: 'soon' })).toEqual({ filter: '', params: {} });
    // The spring-forward night: 4:00 AM EDT is 08:00 UTC.
    expect(activityFilter({ ...NO_ACTIVITY_FILTERS, day: '2026-03-07' }).params).toEqual({ from: '2026-03-07 09:00:00.000Z', to: '2026-03-08 08:00:00.000Z' });
  });

  it('the CSV has a header and one line per row, times in New York, formulas defused', () => {
    const csv = activityCsv([row({ created: '2026-11-28 02:51:05.000Z' }), row({ id: 'a2', actor_name: '=HYPERLINK("x")', summary: 'Party 2 → 4' })]);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Applied (New York),Made (New York),Who,Device,Kind,What,Record,Before,After');
    expect(lines[1]).toBe('"Nov 27, 2026, 9:51 PM","Nov 27, 2026, 9:42 PM",Sam,Door tablet,reservation.status,Arrived,reservations/r1,"{""status"":""confirmed""}","{""status"":""arrived""}"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines.length).toBe(3);
  });
});

describe('the shared words of a write', () => {
  it('keeps only the fields that changed', () => {
    expect(changedFields({ status: 'confirmed', party_size: 2 }, { status: 'arrived', party_size: 2 })).toEqual({ before: { status: 'confirmed' }, after: { status: 'arrived' } });
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual({ before: null, after: null });
    expect(changedFields(null, { title: 'x', description: '' })).toEqual({ before: null, after: { title: 'x' } });
  });

  it('names the kind and says it in one line', () => {
    expect(activityKind('reservations', 'update', { status: 'no_show' })).toBe('reservation.status');
    expect(activityKind('reservations', 'update', { party_size: 4 })).toBe('reservation.change');
    expect(activityKind('reservations', 'create', { status: 'arrived' })).toBe('reservation.walk_in');
    expect(activityKind('capacity', 'update', { seats: 3 })).toBe('capacity.update');
    expect(activitySummary('reservations', 'update', { status: 'arrived', party_size: 2 }, { status: 'confirmed', party_size: 2 })).toBe('Back to confirmed');
    expect(activitySummary('events', 'update', { title: 'Trivia', active: false }, { title: 'Trivia', active: true })).toBe('Showed “Trivia”');
    expect(activitySummary('capacity', 'update', { date: 'default', seats: 40 }, { date: 'default', seats: 44 })).toBe('Seats for every night: 40 → 44');
  });
});
