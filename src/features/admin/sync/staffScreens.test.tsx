/**
 * The staff screens on the tablet's copy: tonight's list (a change shows at once, marked waiting,
 * and is sent once online), the walk-in form, the Not applied list, the frame's state line, and
 * the offline start of a session that exists. HTTP is the contract's fake server.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pb } from '../../../lib/api/client';
import { MESSAGES } from '../../../lib/rules/limits';
import { AdminShell } from '../AdminShell';
import { adminRole } from '../data/sessionQuery';
import { TonightList } from '../tonight/TonightList';
import { deleteStaffDb, staffDb, writeMeta } from './db';
import { FakeSyncServer } from '../../../../tests/support/fake-sync-server';
import { NotAppliedList } from './NotAppliedList';
import { pullChanges } from './pull';
import { flushChanges } from './queue';
import { syncWindow } from './syncWindow';

let server: FakeSyncServer;
let online = true;
const tonight = syncWindow().from;
const guest = (id: string, name: string) => ({ id, name, email: `${id}@example.com`, phone: '', event_name: 'Board Game Night', event_date: tonight, event_time: '7:00 PM', party_size: 2, source: 'web', status: 'confirmed', created: '2026-11-20 10:00:00.000Z' });

/** The realtime connection never opens here (the frame's live state only). */
class SilentEventSource {
  addEventListener() {}
  close() {}
}

beforeEach(async () => {
  await deleteStaffDb();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('EventSource', SilentEventSource);
  server = new FakeSyncServer(syncWindow());
  vi.stubGlobal('fetch', server.fetch);
  server.put('reservations', guest('ada000000000001', 'Ada Lovelace'));
  server.put('reservations', guest('alan00000000001', 'Alan Turing'));
  await pullChanges();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("tonight's list on the tablet's copy", () => {
  it('checks a guest in offline at once, marked waiting, and sends it once online', async () => {
    online = false;
    render(<TonightList tonight={tonight} />);
    const ada = await screen.findByRole('listitem', { name: 'Ada Lovelace, Board Game Night' });
    await userEvent.click(within(ada).getByRole('button', { name: 'Arrived' }));
    await waitFor(() => expect(within(ada).getByRole('button', { name: 'Arrived' })).toHaveAttribute('aria-pressed', 'true'));
    expect(ada).toHaveTextContent('Waiting to send');
    expect(server.received).toHaveLength(0);

    online = true;
    await act(() => flushChanges());
    await waitFor(() => expect(ada).not.toHaveTextContent('Waiting to send'));
    expect(within(ada).getByRole('button', { name: 'Arrived' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.received.map((c) => [c.record_id, c.fields.status, c.base.status])).toEqual([['ada000000000001', 'arrived', 'confirmed']]);
  });

  it('adds a walk-in offline (arrived, waiting), and refuses a bad party size naming the field', async () => {
    online = false;
    render(<TonightList tonight={tonight} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a walk-in' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Grace Hopper');
    const size = screen.getByLabelText('Party size');
    await userEvent.clear(size);
    await userEvent.type(size, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Add walk-in' }));
    expect(await screen.findByText(MESSAGES.partySizeMax)).toBeInTheDocument();
    expect(size).toHaveFocus();
    expect(await staffDb().changes.count()).toBe(0);

    await userEvent.clear(size);
    await userEvent.type(size, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add walk-in' }));
    const row = await screen.findByRole('listitem', { name: 'Grace Hopper, Board Game Night' });
    expect(row).toHaveTextContent('3 guests');
    expect(row).toHaveTextContent('Waiting to send');
    expect(within(row).getByRole('button', { name: 'Arrived' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('changes a party size through the queue with the value staff saw', async () => {
    online = false;
    render(<TonightList tonight={tonight} />);
    const alan = await screen.findByRole('listitem', { name: 'Alan Turing, Board Game Night' });
    await userEvent.click(within(alan).getByRole('button', { name: /^Party size and time/ }));
    const size = within(alan).getByLabelText('Party size');
    await userEvent.clear(size);
    await userEvent.type(size, '5');
    await userEvent.click(within(alan).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alan).toHaveTextContent('5 guests'));
    const [change] = await staffDb().changes.toArray();
    expect(change).toMatchObject({ op: 'update', fields: { party_size: 5 }, base: { party_size: 2 }, state: 'pending' });
  });
});

describe('Not applied', () => {
  it('shows both values of a conflict until staff apply it anyway', async () => {
    await staffDb().changes.add({ id: 'chg000000000001', collection: 'reservations', op: 'update', record_id: 'ada000000000001', fields: { party_size: 6 }, base: { party_size: 2 }, force: false, made_at: '', state: 'not_applied', label: 'Ada Lovelace · party of 6', outcome: 'conflict', code: 'conflict', message: 'Changed on another device meanwhile.', conflicts: [{ field: 'party_size', yours: 6, theirs: 2 }] });
    render(<NotAppliedList />);
    const panel = await screen.findByTestId('not-applied');
    expect(panel).toHaveTextContent('Ada Lovelace · party of 6');
    expect(panel).toHaveTextContent('Party size');
    expect(panel).toHaveTextContent('yours: 6 · now: 2');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply anyway' }));
    await waitFor(() => expect(screen.queryByTestId('not-applied')).toBeNull());
    await act(() => flushChanges());
    expect(server.received.at(-1)).toMatchObject({ force: true, fields: { party_size: 6 } });
  });

  it('shows the server’s reason for a refusal, with Retry and Drop', async () => {
    await staffDb().changes.add({ id: 'chg000000000002', collection: 'reservations', op: 'update', record_id: 'ada000000000001', fields: { party_size: 9 }, base: { party_size: 2 }, force: false, made_at: '', state: 'not_applied', label: 'Ada Lovelace · party of 9', outcome: 'refused', code: 'capacity', message: 'Only 2 seats are left.' });
    render(<NotAppliedList />);
    const panel = await screen.findByTestId('not-applied');
    expect(panel).toHaveTextContent('Only 2 seats are left.');
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(screen.queryByTestId('not-applied')).toBeNull());
    expect(await staffDb().changes.count()).toBe(0);
  });
});

describe('the staff frame', () => {
  it('says since when the tablet is offline and how many changes wait', async () => {
    online = false;
    await writeMeta('offlineSince', Date.parse('2026-11-27T02:42:00.000Z'));
    for (const id of ['c1', 'c2', 'c3']) await staffDb().changes.add({ id: `${id}0000000000000`, collection: 'tasks', op: 'delete', record_id: 'x', fields: {}, base: {}, force: false, made_at: '', state: 'pending', label: id });
    render(
      <AdminShell live>
        <p>content</p>
      </AdminShell>,
    );
    const line = await screen.findByTestId('sync-state');
    await waitFor(() => expect(line.textContent).toBe('Offline since 9:42 PM · 3 changes waiting'));
  });
});

describe('starting the dashboard offline', () => {
  it('trusts the admin role of the account whose copy this tablet holds, and only then', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(adminRole('staff1')).rejects.toMatchObject({ status: 0 });
    await writeMeta('owner', 'staff1');
    await expect(adminRole('staff1')).resolves.toBe(true);
    await expect(adminRole('someone')).rejects.toMatchObject({ status: 0 });
    expect(pb.authStore.token).toBe('');
  });
});

describe('Logout with changes not sent', () => {
  it('asks for a second tap, saying what would be lost', async () => {
    const { LogoutButton } = await import('./LogoutButton');
    let out = 0;
    online = false;
    await staffDb().changes.add({ id: 'chg000000000009', collection: 'tasks', op: 'delete', record_id: 'x', fields: {}, base: {}, force: false, made_at: '', state: 'pending', label: 'x' });
    render(<LogoutButton onLogout={() => out++} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Logout' })).toHaveAttribute('data-waiting', '1'));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(out).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Tap again to sign out: 1 change not sent will be lost' }));
    expect(out).toBe(1);
  });
});
