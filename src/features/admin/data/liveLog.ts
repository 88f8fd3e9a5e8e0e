/**
 * Live changes that arrive while a load is on its way. The load's answer was read on the server
 * before them, so they are applied again on top of it; otherwise a change arriving during a
 * reload (each realtime set change starts one) vanished until the next one. Kept only while some
 * load is on its way.
 */
export interface LiveLog<C> {
  /** Notes a change (nothing is kept when no load is on its way). */
  add(change: C): void;
  /** Runs a load: its answer and the changes that arrived while it was on its way, oldest first. */
  during<T>(load: () => Promise<T>): Promise<{ answer: T; changes: C[] }>;
}

export function createLiveLog<C>(): LiveLog<C> {
  let loading = 0;
  let seq = 0;
  let log: { seq: number; change: C }[] = [];
  return {
    add(change) {
      if (loading > 0) log.push({ seq: ++seq, change });
    },
    async during(load) {
      loading += 1;
      const mark = seq;
      try {
        const answer = await load();
        return { answer, changes: log.filter((e) => e.seq > mark).map((e) => e.change) };
      } finally {
        loading -= 1;
        if (loading === 0) log = [];
      }
    },
  };
}
