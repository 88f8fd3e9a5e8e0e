import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { posterArt } from '../../content/media';
import { venue } from '../../content/venue';
import { absoluteUrl, clientSiteUrl } from '../../lib/seo';
import { QrCode } from './QrCode';
import { buildPosterWeek, weeklyEventsUrl, type WeeklyRecord } from './posterSchedule';
import styles from './poster.module.css';

/** The weekly events from the server; until they arrive (or offline) the week shows trivia and open tables. */
function useWeeklyEvents(): { records: WeeklyRecord[]; loaded: boolean } {
  const [state, setState] = useState<{ records: WeeklyRecord[]; loaded: boolean }>({ records: [], loaded: false });
  useEffect(() => {
    const controller = new AbortController();
    fetch(weeklyEventsUrl(), { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<{ items?: WeeklyRecord[] }>) : { items: [] }))
      .then((body) => setState({ records: body.items ?? [], loaded: true }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ records: [], loaded: true });
      });
    return () => controller.abort();
  }, []);
  return state;
}

/**
 * A printable poster: one US Letter page with the week's game nights, a QR code to the events
 * page and the logo. On screen it is a scaled sheet with a print button; in print only the
 * sheet is shown (poster.module.css).
 */
export function Poster() {
  const { records, loaded } = useWeeklyEvents();
  const week = buildPosterWeek(records);
  const eventsUrl = absoluteUrl('/meetups-groups', clientSiteUrl());
  return (
    <div className={styles.poster}>
      <div className={styles.toolbar}>
        <p>
          Print on US Letter paper (8.5 × 11 in), portrait, with background graphics on. It fits one page.
        </p>
        <Button onClick={() => window.print()}>Print poster</Button>
      </div>
      <article className={styles.sheet} aria-labelledby="poster-title" data-loaded={loaded || undefined}>
        <img className={styles.art} src={posterArt.src} alt="" width={posterArt.width} height={posterArt.height} />
        <div className={styles.content}>
          <div className={styles.brand}>
            <img src="/favicon.svg" alt="" width={64} height={64} />
            <span>
              {venue.shortName} <span className={styles.brandAccent}>Games</span>
            </span>
          </div>
          <h1 id="poster-title" className={styles.title}>
            Game Nights <span className={styles.titleSub}>at {venue.name}</span>
          </h1>
          <div className={styles.hoursRow}>
            <p className={styles.hours}>{venue.hours.summary}</p>
            <p className={styles.kicker}>
              Brooklyn · {venue.ageRule} · {venue.pricing.entry}
            </p>
          </div>
          <h2 className={styles.weekTitle}>Every week</h2>
          <dl className={styles.week}>
            {week.map((day) => (
              <div key={day.day}>
                <dt>{day.day}</dt>
                <dd>
                  {day.items.map((item) => (
                    <span key={item.title} className={styles.item}>
                      <strong>{item.title}</strong>
                      {item.time ? ` ${item.time}` : ''}
                      {item.price ? <span className={styles.price}> · {item.price}</span> : null}
                    </span>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
          <div className={styles.bottom}>
            <div className={styles.pitch}>
              <p className={styles.pitchLine}>
                {venue.games.boardGameCount} board games · video games · {venue.games.outdoor.slice(0, 3).join(' · ')}
              </p>
              <p>
                {venue.pricing.entry}. {venue.pricing.barMinimum}
              </p>
              <address>
                {venue.address.oneLine}
                <br />
                {venue.address.entranceNote}
              </address>
            </div>
            <QrCode
              className={styles.qr}
              value={eventsUrl}
              size={220}
              label="QR code: the game nights calendar and free reservations"
              caption="Scan for the calendar and free reservations"
            />
          </div>
        </div>
      </article>
    </div>
  );
}
