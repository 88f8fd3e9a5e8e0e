/**
 * "Name this device" (issue 32 item 2), asked once per tablet: after sign-in on a tablet that has
 * no name yet (here, nor on the server from another account signed in on it), a small dialog asks
 * for one ("Door tablet"). The name is kept on the tablet and on the server, where the Staff view
 * and the activity log show it. "Not now" asks again at the next sign-in.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { notify } from '../../../components/toast';
import { checkDeviceName, DEVICE_NAME_MAX } from '../../../lib/rules/staffAccounts';
import { localDeviceName, rememberDeviceName } from '../device';
import { authErrorMessage } from '../session';
import { useModalDialog } from '../useModalDialog';
import { fetchStaff, nameThisDevice } from './staffApi';
import { STAFF_KEY } from './StaffView';
import styles from './StaffView.module.css';

/** How long after the dashboard opens the tablet asks whether it has a name. */
export const ASK_AFTER_MS = 800;

export function DeviceNamePrompt() {
  const uid = useId();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [dialogRef, closeDialog] = useModalDialog(open);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (localDeviceName()) return;
    let stale = false;
    // After the first screen's own requests; offline, or when the answer fails: ask another time.
    const timer = window.setTimeout(() => {
      fetchStaff().then(
        (list) => {
          if (stale || !list.thisDevice) return;
          if (list.thisDevice.name) rememberDeviceName(list.thisDevice.name);
          else setOpen(true);
        },
        () => undefined,
      );
    }, ASK_AFTER_MS);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, []);

  const close = () => {
    closeDialog();
    setOpen(false);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDeviceName(name);
    if ('error' in checked) return setError(checked.error);
    setSaving(true);
    try {
      const saved = await nameThisDevice(checked.name);
      rememberDeviceName(saved.name);
      void client.invalidateQueries({ queryKey: STAFF_KEY });
      notify.success('Device named', `This device is “${saved.name}”.`);
      close();
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog ref={dialogRef} className={styles.dialog} aria-labelledby={`${uid}-title`} aria-describedby={`${uid}-text`} onClose={() => setOpen(false)}>
      {open ? (
        <form className={styles.dialogBody} onSubmit={(e) => void save(e)} noValidate>
          <h2 id={`${uid}-title`} className={styles.dialogTitle}>
            Name this device
          </h2>
          <p id={`${uid}-text`} className={styles.dialogText}>
            A name tells the owner which tablet is signed in, and goes in the activity log beside each change made on it. It is asked once per device.
          </p>
          <div className={styles.field}>
            <label htmlFor={`${uid}-name`}>Device name</label>
            <input
              id={`${uid}-name`}
              className={styles.input}
              value={name}
              maxLength={DEVICE_NAME_MAX + 10}
              placeholder="Door tablet"
              autoComplete="off"
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uid}-error` : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setError('');
              }}
            />
            {error ? (
              <p id={`${uid}-error`} className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={close}>
              Not now
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save name'}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
