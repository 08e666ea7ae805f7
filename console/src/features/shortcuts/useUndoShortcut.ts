import { useEffect } from 'react';
import { undoLast } from '../common/undo';
import { matches } from './shortcuts';

/** Ctrl+Z / ⌘+Z undoes the last change, unless the user is typing somewhere or works in a dialog. */
export function useUndoShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!matches('undo', event)) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      event.preventDefault();
      void undoLast();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
