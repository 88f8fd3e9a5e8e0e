import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { applyUpdate, resumeUpdate } from '../../lib/serviceWorkerUpdate';
import { FRAMED_UPDATE_PREFIX, setUpdateReady } from '../../lib/useUpdateReady';
import styles from './UpdatePrompt.module.css';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and offers a new version when one is ready (registerType 'prompt':
 * it waits until the guest chooses). `silent` (the door kiosk) registers and checks without ever
 * asking: the kiosk applies updates itself between guests. The staff screens offer it in their
 * own header instead (useUpdateReady), where it never covers tonight's list or a form.
 */
export function UpdatePrompt({ silent = false }: { silent?: boolean }) {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
  const [pathname] = useLocation();
  useEffect(() => resumeUpdate(), []);
  useEffect(() => setUpdateReady(needRefresh), [needRefresh]);
  if (!needRefresh || silent || pathname.startsWith(FRAMED_UPDATE_PREFIX)) return null;
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
