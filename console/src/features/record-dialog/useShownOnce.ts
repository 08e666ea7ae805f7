import { useState } from 'react';

/**
 * True from the first render at which `ready` was true on: a dialog that has shown its editor keeps it
 * when something it waited for refetches or fails later, so the form is never remounted and unsaved
 * input survives (what failed then shows inside the editor).
 */
export function useShownOnce(ready: boolean): boolean {
  const [shown, setShown] = useState(ready);
  if (ready && !shown) setShown(true);
  return shown || ready;
}
