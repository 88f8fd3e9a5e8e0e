/**
 * venueTime.ts does New York's time with the US daylight-saving rule written out, because the
 * PocketBase hooks have no Intl time zones. The browser and Node do: this compares the two for
 * every hour of 2024 to 2030, so a wrong rule or an off-by-one at a switch shows up here.
 */
import { describe, expect, it } from 'vitest';
import { nyOffsetMinutes, venueDateTimeToUtc, venueParts, venueToday } from './venueTime';

const HOUR = 3_600_000;
const FROM = Date.UTC(2024, 0, 1);
const TO = Date.UTC(2031, 0, 1);

const intl = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  weekday: 'short',
  timeZoneName: 'longOffset',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function newYork(instant: number) {
  const parts = Object.fromEntries(intl.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(parts.timeZoneName!)!;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday!) + 1,
    offset: (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (hour: number, minute: number) => `${hour % 12 || 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;

describe('venueTime agrees with Intl (America/New_York), every hour of 2024 to 2030', () => {
  it('on the offset, the wall-clock parts and the date', () => {
    const mismatches: string[] = [];
    for (let t = FROM; t < TO; t += HOUR) {
      const expected = newYork(t);
      const { offset, ...wall } = expected;
      const at = new Date(t);
      if (nyOffsetMinutes(at) !== offset) mismatches.push(`${at.toISOString()} offset ${nyOffsetMinutes(at)} ≠ ${offset}`);
      const parts = venueParts(at);
      if (JSON.stringify(parts) !== JSON.stringify(wall)) mismatches.push(`${at.toISOString()} parts ${JSON.stringify(parts)} ≠ ${JSON.stringify(wall)}`);
      const today = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
      if (venueToday(at) !== today) mismatches.push(`${at.toISOString()} today ${venueToday(at)} ≠ ${today}`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('turns each wall-clock time back into its instant (the later one when the clock repeats an hour)', () => {
    const mismatches: string[] = [];
    for (let t = FROM; t < TO; t += HOUR) {
      const wall = newYork(t);
      const date = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
      // In the hour that November's switch repeats, the same wall time an hour later is the answer.
      const repeated = newYork(t + HOUR);
      const expected = repeated.hour === wall.hour && repeated.day === wall.day ? t + HOUR : t;
      const back = venueDateTimeToUtc(date, clock(wall.hour, wall.minute))?.getTime();
      if (back !== expected) mismatches.push(`${date} ${clock(wall.hour, wall.minute)} → ${back && new Date(back).toISOString()} ≠ ${new Date(expected).toISOString()}`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });
});
