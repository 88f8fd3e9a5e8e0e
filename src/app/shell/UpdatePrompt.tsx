import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../../components/Button';
import { applyUpdate, resumeUpdate } from '../../lib/serviceWorkerUpdate';
import styles from './UpdatePrompt.module.css';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and offers a new version when one is ready (registerType 'prompt':
 * it waits until the guest chooses). `silent` (the door kiosk) registers and checks without ever
 * asking: the kiosk applies updates itself between guests.
 */
export function UpdatePrompt({ silent = false }: { silent?: boolean }) {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
  useEffect(() => resumeUpdate(), []);
  if (!needRefresh || silent) return null;
  return (
    <div className={styles.prompt} role="status">
      <p>A new version of the site is ready.</p>
      <div className={styles.actions}>
        <Button size="sm" onClick={() => void applyUpdate()}>
          Update now
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
      </div>
    </div>
  );
}
