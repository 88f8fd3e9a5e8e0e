import PocketBase from 'pocketbase';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED_CODE, STAFF_DEVICE_HEADER } from '../../lib/rules/staffAccounts';
import { DEVICE_ID_KEY, deviceId, installStaffDevice, isSessionEndedAnswer } from './device';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('this device', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('chooses its id once and keeps it; a broken one is replaced', () => {
    const id = deviceId();
    expect(id).toMatch(/^[a-z0-9]{15}$/);
    expect(deviceId()).toBe(id);
    localStorage.setItem(DEVICE_ID_KEY, 'NOT-AN-ID');
    expect(deviceId()).not.toBe('NOT-AN-ID');
  });

  it('sends its id from staff pages only, and signs out when the server ended its session', async () => {
    const sent: Record<string, string>[] = [];
    const answers = [json(200, { ok: 1 }), json(200, { ok: 2 }), json(401, { status: 401, message: 'x', data: { code: SESSION_ENDED_CODE } })];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      sent.push((init.headers ?? {}) as Record<string, string>);
      return Promise.resolve(answers.shift()!);
    });
    const pb = new PocketBase('/');
    pb.authStore.save('token', null);
    const onEnded = vi.fn();
    installStaffDevice(pb, onEnded);

    await pb.send('/api/availability', {}); // a guest page
    window.history.replaceState(null, '', '/admin/dashboard');
    await pb.send('/api/admin/sync', {});
    expect(sent[0]![STAFF_DEVICE_HEADER]).toBeUndefined();
    expect(sent[1]![STAFF_DEVICE_HEADER]).toBe(deviceId());
    expect(onEnded).not.toHaveBeenCalled();
    await expect(pb.send('/api/admin/sync', {})).rejects.toMatchObject({ status: 401 });
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('tells the session-ended answer from any other 401', () => {
    expect(isSessionEndedAnswer(401, { data: { code: SESSION_ENDED_CODE } })).toBe(true);
    expect(isSessionEndedAnswer(401, { data: {} })).toBe(false);
    expect(isSessionEndedAnswer(403, { data: { code: SESSION_ENDED_CODE } })).toBe(false);
    expect(isSessionEndedAnswer(401, null)).toBe(false);
  });
});
