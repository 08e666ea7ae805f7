import { useCallback } from 'react';
import { useLocalStorage } from '@mantine/hooks';
import { matches, shortcuts } from './shortcuts';
import type { ShortcutId } from './shortcuts';

/**
 * Whether shortcuts are on in this browser: the signed-in user's preference once /api/me answers
 * (`useShortcutsPreference`), kept in localStorage for the next page load and for before sign-in.
 * Every instance of the hook follows a change at once (Mantine syncs them, and other tabs).
 */
export const useShortcutsOn = () =>
  useLocalStorage<boolean>({ key: 'fahrplan.shortcuts', defaultValue: true, getInitialValueInEffect: false });

/** `pressed(id, event)`: whether the event is that shortcut's key and the shortcut is on now. */
export function usePressed() {
  const [on] = useShortcutsOn();
  return useCallback(
    (id: ShortcutId, event: Parameters<typeof matches>[1]) =>
      (on || !shortcuts[id].switchable) && matches(id, event),
    [on],
  );
}
