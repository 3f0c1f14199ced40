import { useEffect, useState } from 'react';

/** How urgently a change is said: `polite` waits for the reader to pause, `assertive` interrupts. */
export type Politeness = 'polite' | 'assertive';

type Said = { text: string; politeness: Politeness; id: number };

let nextId = 1;
const listeners = new Set<(said: Said) => void>();

/**
 * Says a change to screen readers through the console's live regions (the `Announcer` of the root
 * layout): command progress, the live link, a refused save. The same text said twice is said twice.
 * `assertive` is for what must interrupt: a failure the operator must act on, a new alarm.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  if (!text) return;
  const said = { text, politeness, id: nextId++ };
  for (const listener of listeners) listener(said);
}

/**
 * The two live regions, present from the first paint (a region added together with its text is not
 * read) and visually hidden. A new text replaces the old one after the region was emptied, so that
 * repeating a message is read again.
 */
export function Announcer() {
  const [polite, setPolite] = useState('');
  const [assertive, setAssertive] = useState('');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = (said: Said) => {
      const set = said.politeness === 'assertive' ? setAssertive : setPolite;
      set('');
      clearTimeout(timer);
      timer = setTimeout(() => set(said.text), 50);
    };
    listeners.add(listener);
    return () => {
      clearTimeout(timer);
      listeners.delete(listener);
    };
  }, []);

  return (
    <div className="visually-hidden" data-testid="announcer">
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="announcer-polite">
        {polite}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" data-testid="announcer-assertive">
        {assertive}
      </div>
    </div>
  );
}
