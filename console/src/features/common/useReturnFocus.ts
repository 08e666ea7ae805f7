import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * What had the focus, unless nothing did; for a menu's item (gone with its menu), the button that opened
 * the menu (Mantine names the menu in its `aria-controls`).
 */
const focused = (): HTMLElement | null => {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const menuButton = menu?.id
    ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`)
    : null;
  return menuButton ?? active;
};

/**
 * Gives the focus back to what opened a dialog (a table row, a button) when the dialog unmounts, after
 * Esc, Close or Save alike. Call it first thing in a component that mounts with its dialog open: Mantine
 * returns the focus only for a modal whose `opened` changes. A row rendered anew is found by its test id.
 */
export function useReturnFocus() {
  // read while rendering, before the dialog's focus trap moves the focus into it
  const [opener] = useState(focused);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    // a remount (React's strict mode) keeps the focus where the dialog put it
    clearTimeout(pending.current);
    if (!opener) return;
    const testId = opener.dataset.testid;
    return () => {
      // after the modal let go of the focus
      pending.current = setTimeout(() => {
        const target = opener.isConnected
          ? opener
          : testId
            ? document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testId)}"]`)
            : null;
        target?.focus();
      });
    };
  }, [opener]);
}

/** `useReturnFocus` for a dialog component that is mounted open and cannot call it itself (a shared one). */
export function ReturnsFocus({ children }: { children: ReactNode }) {
  useReturnFocus();
  return children;
}
