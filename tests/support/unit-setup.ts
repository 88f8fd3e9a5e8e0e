import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait up to 3 s instead of 1 s: a lazy chunk or a fake IndexedDB round trip on a
// loaded CI machine can take longer than a second, and these only ever wait for what must happen.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
