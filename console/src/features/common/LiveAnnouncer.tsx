import { useSyncExternalStore } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { Notifications } from '@mantine/notifications';

/** How long a notice shows, and an announcement stays in its region (a removal is not spoken). */
const shownFor = 5000;

interface Announcement {
  /** A new one replaces the node, so the same words said twice are spoken twice. */
  readonly id: number;
  readonly message: string;
}

let lastId = 0;
let said: Announcement | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const say = (next: Announcement | null) => {
  said = next;
  listeners.forEach((listener) => listener());
};

/**
 * Has screen readers say `message`, politely, where no notice shows it (the notices are spoken by
 * themselves, see below), e.g. that the server is catching up.
 */
export function announce(message: string): void {
  const id = ++lastId;
  say({ id, message });
  setTimeout(() => {
    if (said?.id === id) say(null);
  }, shownFor);
}

/**
 * The console's live regions (WCAG 4.1.3), rendered once: the notices (saves, undo, refusals and
 * conflicts, `common/notify`) show inside a polite region that exists from the start, as a region that
 * appears with its text is not reliably read, so each notice is spoken once, in the words it shows;
 * `announce` has a hidden region of its own.
 */
export function LiveAnnouncer() {
  const announcement = useSyncExternalStore(subscribe, () => said);
  return (
    <>
      {/* additions only: the notices still shown are not read again */}
      <div aria-live="polite" aria-relevant="additions text" data-testid="notices">
        {/* §8/§9: notices at the bottom right for 5000 ms */}
        <Notifications position="bottom-right" autoClose={shownFor} withinPortal={false} />
      </div>
      <VisuallyHidden role="status" aria-live="polite" data-testid="announcements">
        {announcement && <div key={announcement.id}>{announcement.message}</div>}
      </VisuallyHidden>
    </>
  );
}
