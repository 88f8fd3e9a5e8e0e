/**
 * What the Staff view shows and offers, as pure functions (staffLogic.test.ts): the order of the
 * accounts, which actions an account's card offers the viewer, and "seen 5 min ago".
 */
import { ROLE_LABELS, type StaffRoleName } from '../../../lib/rules/staffAccounts';
import { formatCreated, parseServerDate } from '../format';
import type { StaffAccount } from './staffApi';

const RANK: Record<StaffAccount['role'], number> = { owner: 0, admin: 1, none: 2 };

/** Owners first, then door staff, then accounts without staff access; by email within each. */
export function sortAccounts(accounts: readonly StaffAccount[]): StaffAccount[] {
  return [...accounts].sort((a, b) => RANK[a.role] - RANK[b.role] || a.email.localeCompare(b.email));
}

export const roleLabel = (role: StaffAccount['role']) => ROLE_LABELS[role];

export function ownerCount(accounts: readonly StaffAccount[]): number {
  return accounts.filter((a) => a.role === 'owner').length;
}

export interface RoleAction {
  role: StaffRoleName;
  grant: boolean;
  label: string;
  /** asks first: it ends the account's sessions and takes access away */
  danger: boolean;
}

export interface CardActions {
  roles: RoleAction[];
  remove: boolean;
  endDevices: boolean;
  /** why the role and remove actions are missing, when they are (the last owner) */
  note: string;
}

const NONE: CardActions = { roles: [], remove: false, endDevices: false, note: '' };

/**
 * The actions an account's card offers: none to a viewer who is not an owner; to an owner, each
 * role change that does something, removal, and ending devices, except that the last owner is
 * neither demoted nor removed (the server refuses it too).
 */
export function cardActions(account: StaffAccount, viewerIsOwner: boolean, owners: number): CardActions {
  if (!viewerIsOwner) return NONE;
  const lastOwner = account.role === 'owner' && owners <= 1;
  const roles: RoleAction[] = [];
  if (account.role === 'none') roles.push({ role: 'admin', grant: true, label: 'Make door staff', danger: false });
  if (account.role !== 'owner') roles.push({ role: 'owner', grant: true, label: 'Make owner', danger: false });
  if (account.role === 'owner' && !lastOwner) roles.push({ role: 'owner', grant: false, label: 'Remove owner', danger: true });
  if (account.role !== 'none' && !lastOwner) roles.push({ role: 'admin', grant: false, label: 'Remove staff access', danger: true });
  return { roles, remove: !lastOwner, endDevices: true, note: lastOwner ? 'The last owner keeps the role: make another account an owner first.' : '' };
}

/** "Just now", "5 min ago", "3 h ago", else the date and time; "Never" for none. */
export function sinceText(serverDate: string, nowMs: number = Date.now()): string {
  if (!serverDate) return 'Never';
  const at = parseServerDate(serverDate);
  if (!at) return 'Never';
  const minutes = Math.floor((nowMs - at.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return formatCreated(serverDate);
}

/** What the confirmation dialog says before a change that ends sessions or removes an account. */
export function confirmCopy(kind: 'role' | 'remove' | 'device', account: StaffAccount, detail = ''): { title: string; body: string; confirm: string } {
  if (kind === 'remove') {
    return {
      title: `Remove ${account.email}?`,
      body: 'The account can no longer sign in, and its devices are signed out. Everything it did stays in the activity log under its name.',
      confirm: 'Remove account',
    };
  }
  if (kind === 'device') {
    return {
      title: `Sign out ${detail || 'this device'}?`,
      body: `${account.email} is signed out on that device at its next contact, and the device forgets the nights it kept. Their other devices stay signed in.`,
      confirm: 'Sign out device',
    };
  }
  return {
    title: `${detail} for ${account.email}?`,
    body: 'Their sessions end on every device; they sign in again with their password and an emailed code.',
    confirm: detail,
  };
}
