import { describe, expect, it } from 'vitest';
import { frameState, syncStatusText } from './statusText';

// 21:42 at the venue (New York, EST in late November) is 02:42 UTC the next day.
const at942pm = Date.parse('2026-11-27T02:42:00.000Z');

describe("the staff frame's state line", () => {
  it('says since when the tablet is offline, on the venue clock, and how many changes wait', () => {
    expect(syncStatusText({ state: 'offline', offlineSince: at942pm, waiting: 3 })).toBe('Offline since 9:42 PM · 3 changes waiting');
    expect(syncStatusText({ state: 'offline', offlineSince: at942pm, waiting: 1 })).toBe('Offline since 9:42 PM · 1 change waiting');
    expect(syncStatusText({ state: 'offline', offlineSince: at942pm, waiting: 0 })).toBe('Offline since 9:42 PM');
    expect(syncStatusText({ state: 'offline', waiting: 2 })).toBe('Offline · 2 changes waiting');
  });

  it('online, counts what is still waiting to be sent', () => {
    expect(syncStatusText({ state: 'live', waiting: 0 })).toBe('Live');
    expect(syncStatusText({ state: 'live', waiting: 2 })).toBe('Live · 2 changes waiting');
    expect(syncStatusText({ state: 'connecting', waiting: 1 })).toBe('Connecting… · 1 change waiting');
  });
});

describe('what the frame shows when the browser says online', () => {
  it('is offline since the last contact once the sync calls get no answer (wifi with no way out)', () => {
    expect(frameState('connecting', at942pm)).toBe('offline');
    expect(syncStatusText({ state: frameState('connecting', at942pm), offlineSince: at942pm, waiting: 2 })).toBe('Offline since 9:42 PM · 2 changes waiting');
  });

  it('stays as it is while no call has failed, and live wins once realtime is back', () => {
    expect(frameState('connecting', undefined)).toBe('connecting');
    expect(frameState('live', at942pm)).toBe('live');
    expect(frameState('offline', undefined)).toBe('offline');
  });
});
