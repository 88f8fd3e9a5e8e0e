import { Button } from '../../../components/Button';
import { cardActions, roleLabel, sinceText, type RoleAction } from './staffLogic';
import type { StaffAccount, StaffDevice } from './staffApi';
import styles from './StaffView.module.css';

export type CardRequest = { kind: 'role'; action: RoleAction } | { kind: 'remove' } | { kind: 'device'; device: StaffDevice };

interface Props {
  account: StaffAccount;
  isMe: boolean;
  viewerIsOwner: boolean;
  owners: number;
  nowMs: number;
  busy: boolean;
  onRequest: (account: StaffAccount, request: CardRequest) => void;
}

const deviceLabel = (d: StaffDevice) => d.name || 'Unnamed device';

/** One account: its role, last sign-in, the devices signed in, and what an owner may change. */
export function AccountCard({ account, isMe, viewerIsOwner, owners, nowMs, busy, onRequest }: Props) {
  const actions = cardActions(account, viewerIsOwner, owners);
  const titleId = `account-${account.id}`;
  return (
    <li className={styles.card} aria-labelledby={titleId} data-account={account.email}>
      <div className={styles.cardHead}>
        <div className={styles.who}>
          <h3 id={titleId} className={styles.email}>
            {account.email}
            {isMe ? <span className={styles.you}>You</span> : null}
          </h3>
          <p className={styles.meta}>Last sign-in: {sinceText(account.lastSignIn, nowMs)}</p>
        </div>
        <span className={styles.role} data-role={account.role}>
          {roleLabel(account.role)}
        </span>
      </div>

      <div className={styles.devices}>
        <h4 className={styles.devicesTitle}>Signed in on</h4>
        {account.devices.length === 0 ? (
          <p className={styles.none}>No device</p>
        ) : (
          <ul className={styles.deviceList}>
            {account.devices.map((d) => (
              <li key={d.id} className={styles.device} data-device={deviceLabel(d)}>
                <span className={styles.deviceName}>
                  {deviceLabel(d)}
                  {d.current ? <span className={styles.here}> · this device</span> : null}
                </span>
                <span className={styles.seen}>Seen {sinceText(d.lastSeen, nowMs).toLowerCase()}</span>
                {actions.endDevices && !d.current ? (
                  <Button variant="secondary" size="sm" className={styles.deviceButton} disabled={busy} aria-label={`Sign out ${deviceLabel(d)} (${account.email})`} onClick={() => onRequest(account, { kind: 'device', device: d })}>
                    Sign out
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>

      {actions.roles.length > 0 || actions.remove ? (
        <div className={styles.actions}>
          {actions.roles.map((a) => (
            <Button key={`${a.role}-${a.grant}`} variant="secondary" size="sm" disabled={busy} aria-label={`${a.label}: ${account.email}`} onClick={() => onRequest(account, { kind: 'role', action: a })}>
              {a.label}
            </Button>
          ))}
          {actions.remove ? (
            <Button variant="danger" size="sm" disabled={busy} aria-label={`Remove account: ${account.email}`} onClick={() => onRequest(account, { kind: 'remove' })}>
              Remove account
            </Button>
          ) : null}
        </div>
      ) : null}
      {actions.note ? <p className={styles.note}>{actions.note}</p> : null}
    </li>
  );
}
