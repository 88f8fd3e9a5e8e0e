import { Suspense, type ComponentProps } from 'react';
import { formPlaceholderClass } from '../../components/form/stylesheet';
import { lazyOnApproach } from '../../components/lazyWhenOnline';
import type { BoardGameReservationForm as BoardGameForm } from './BoardGameReservationForm';
import type { EventReservationForm as EventForm } from './EventReservationForm';
import { FORM_PARTS } from './formParts';
import styles from './forms.module.css';

// The reservation forms are below the fold on a phone: their code (react-hook-form, the kit's
// fields, the availability calendar) loads and hydrates when the guest scrolls towards a form or
// taps into it, so the page around it comes alive sooner. The prerendered form is there meanwhile.
const LazyBoardGameForm = lazyOnApproach(FORM_PARTS.boardGame, () => import('./BoardGameReservationForm').then((m) => ({ default: m.BoardGameReservationForm })));
const LazyEventForm = lazyOnApproach(FORM_PARTS.event, () => import('./EventReservationForm').then((m) => ({ default: m.EventReservationForm })));

/** Shown only where the route was rendered in the browser and the form's code is still on its way. */
const loading = <div className={`${formPlaceholderClass} ${styles.formLoading}`} aria-busy="true" />;

export function BoardGameReservationForm(props: ComponentProps<typeof BoardGameForm>) {
  return (
    <Suspense fallback={loading}>
      <LazyBoardGameForm {...props} />
    </Suspense>
  );
}

export function EventReservationForm(props: ComponentProps<typeof EventForm>) {
  return (
    <Suspense fallback={loading}>
      <LazyEventForm {...props} />
    </Suspense>
  );
}
