import { useSyncExternalStore } from 'react';
import { localStorageColorSchemeManager } from '@mantine/core';

/*
 * The last appearance chosen in this browser. index.html's head script reads the same keys and sets the
 * same attributes on <html> before any CSS or module script runs, so a page load shows no other theme first.
 */
const schemeKey = 'fahrplan.colorScheme';
const contrastKey = 'fahrplan.highContrast';
/** On <html>: `high` while the high-contrast variant shows; appearance.css keys its colours on it. */
export const contrastAttribute = 'data-fahrplan-contrast';

/** Mantine keeps the colour scheme ('auto' follows the OS) under our key, and follows other tabs. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: schemeKey });

const listeners = new Set<() => void>();

const highContrastShown = () => document.documentElement.getAttribute(contrastAttribute) === 'high';

/** Shows (or leaves) the high-contrast variant from now on, and at the next page load in this browser. */
export const showHighContrast = (on: boolean): void => {
  try {
    localStorage.setItem(contrastKey, String(on));
  } catch {
    // storage refused (private mode): the variant still shows, only the next load will not know it
  }
  if (on === highContrastShown()) return;
  if (on) document.documentElement.setAttribute(contrastAttribute, 'high');
  else document.documentElement.removeAttribute(contrastAttribute);
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the high-contrast variant shows. */
export const useHighContrast = (): boolean => useSyncExternalStore(subscribe, highContrastShown);
