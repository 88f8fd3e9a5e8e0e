import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES } from '../../lib/rules/backups';
import { KioskDone, type Booked } from './KioskDone';

const booked = (over: Partial<Booked>): Booked => ({ firstName: 'Ada', time: '8:00 PM', partySize: 2, queued: false, ...over });
const show = (b: Booked) => render(<KioskDone booked={b} headingRef={createRef()} onDone={() => undefined} />);

describe('the kiosk’s confirmation of a walk-in saved on the device', () => {
  it('says a restore is why, in the restore’s own words', () => {
    show(booked({ queued: true, restoring: true }));
    expect(screen.getByRole('status').textContent).toContain(BACKUP_MESSAGES.restoring);
  });

  it('says offline otherwise, and confirmed once sent', () => {
    const { unmount } = show(booked({ queued: true }));
    expect(screen.getByRole('status').textContent).toContain("as soon as we're back online");
    expect(screen.getByRole('status').textContent).not.toContain(BACKUP_MESSAGES.restoring);
    unmount();
    show(booked({}));
    expect(screen.getByText(/confirmation email with a link to cancel is on its way/)).toBeTruthy();
  });
});
