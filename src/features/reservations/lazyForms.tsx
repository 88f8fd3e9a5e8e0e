import { lazyForm } from '../../components/form/LazyForm';
import type { BoardGameReservationForm as BoardGameForm } from './BoardGameReservationForm';
import type { EventReservationForm as EventForm } from './EventReservationForm';
import { FORM_PARTS } from './formParts';
import styles from './forms.module.css';

// The reservation forms are below the fold on a phone: their code (react-hook-form, the kit's
// fields, the availability calendar) loads and hydrates when the guest scrolls towards a form or
// taps into it, so the page around it comes alive sooner. The prerendered form is there meanwhile.
export const BoardGameReservationForm = lazyForm<typeof BoardGameForm>(FORM_PARTS.boardGame, () => import('./BoardGameReservationForm').then((m) => m.BoardGameReservationForm), styles.formLoading!);
export const EventReservationForm = lazyForm<typeof EventForm>(FORM_PARTS.event, () => import('./EventReservationForm').then((m) => m.EventReservationForm), styles.formLoading!);
