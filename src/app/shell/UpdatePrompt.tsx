import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../../components/Button';
import styles from './UpdatePrompt.module.css';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** registerType 'prompt': a new version waits until the guest chooses to reload. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className={styles.prompt} role="status">
      <p>A new version of the site is ready.</p>
      <div className={styles.actions}>
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Update now
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
      </div>
    </div>
  );
}
