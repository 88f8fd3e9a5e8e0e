/**
 * One run at a time, never a lost request: a call made while a run is going asks for one more
 * run after it, and shares the promise of the whole series. The staff sync's pull and push use
 * it. `running` is cleared in the same step that finds no further run asked for: cleared later
 * (a `.finally` on the promise), a call in between would be answered by a series already over.
 */
export function serialFlight(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await run();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
