/**
 * The Staff view's calls (hooks/register/staff_accounts.pb.ts). The server checks the owner role on
 * every write; the view only hides what the caller may not do.
 */
import { pb } from '../../../lib/api/client';
import type { StaffRoleName } from '../../../lib/rules/staffAccounts';

export interface StaffDevice {
  /** the session row's id (the tablets' own ids never leave the server) */
  id: string;
  name: string;
  lastSeen: string;
  signedIn: string;
  /** the device this request came from */
  current: boolean;
}

export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  roles: StaffRoleName[];
  role: StaffRoleName | 'none';
  lastSignIn: string;
  devices: StaffDevice[];
}

export interface StaffList {
  owner: boolean;
  me: string;
  thisDevice: { id: string; name: string } | null;
  accounts: StaffAccount[];
}

export interface Answer {
  message?: string;
}

const base = '/api/staff/accounts';

export const fetchStaff = () => pb.send<StaffList>(base, { requestKey: null });

export const changeRole = (id: string, role: StaffRoleName, grant: boolean) =>
  pb.send<Answer>(`${base}/${id}/roles`, { method: 'POST', body: { role, grant }, requestKey: null });

export const removeAccount = (id: string) => pb.send<Answer>(`${base}/${id}`, { method: 'DELETE', requestKey: null });

export const endDevice = (accountId: string, deviceId: string) =>
  pb.send<Answer>(`${base}/${accountId}/devices/${deviceId}/end`, { method: 'POST', requestKey: null });

export const nameThisDevice = (name: string) => pb.send<{ id: string; name: string }>(`${base}/this-device`, { method: 'PUT', body: { name }, requestKey: null });
