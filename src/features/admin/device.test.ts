import PocketBase from 'pocketbase';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED_CODE, STAFF_DEVICE_HEADER } from '../../lib/rules/staffAccounts';
import { DEVICE_ID_KEY, deviceId, endSessionOnServer, installStaffDevice, isSessionEndedAnswer, PENDING_SIGN_OUTS_KEY, sendPendingSignOuts, SIGN_OUT_PATH } from './device';

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

  it('signing out tells the server with the token it held; offline, it keeps the token and tells it when back', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    let online = false;
    const send = ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return online ? Promise.resolve(json(200, {})) : Promise.reject(new TypeError('Failed to fetch'));
    }) as typeof fetch;

    expect(await endSessionOnServer(SIGN_OUT_PATH, 'token-a', send)).toBe(false);
    expect(await endSessionOnServer(SIGN_OUT_PATH, 'token-a', send)).toBe(false);
    expect(JSON.parse(localStorage.getItem(PENDING_SIGN_OUTS_KEY)!)).toEqual(['token-a']);
    expect(calls[0]).toMatchObject({ url: SIGN_OUT_PATH, init: { method: 'POST', headers: { Authorization: 'token-a' } } });

    expect(await sendPendingSignOuts(SIGN_OUT_PATH, send)).toBe(false); // still offline: tried again later
    online = true;
    expect(await sendPendingSignOuts(SIGN_OUT_PATH, send)).toBe(true);
    expect(calls.at(-1)!.init.headers).toEqual({ Authorization: 'token-a' });
    expect(localStorage.getItem(PENDING_SIGN_OUTS_KEY)).toBeNull();
    const before = calls.length;
    await sendPendingSignOuts(SIGN_OUT_PATH, send);
    expect(calls).toHaveLength(before); // told once
  });

  it('any answer settles a sign-out, a refusal too (the session had ended already)', async () => {
    const send = (() => Promise.resolve(json(401, { data: { code: SESSION_ENDED_CODE } }))) as unknown as typeof fetch;
    expect(await endSessionOnServer(SIGN_OUT_PATH, 'token-b', send)).toBe(true);
    expect(localStorage.getItem(PENDING_SIGN_OUTS_KEY)).toBeNull();
  });
});
