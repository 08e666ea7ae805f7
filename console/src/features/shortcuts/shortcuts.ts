/**
 * Every keyboard shortcut of the console, where it works, and whether switching shortcuts off stops it:
 * the help on `?` lists this registry and the handlers match their keys with `matches`, so the help
 * says what the keys do.
 */

/** A key (`KeyboardEvent.key`), with Ctrl (⌘ on a Mac), Shift or Alt held. */
export interface KeyCombo {
  readonly key: string;
  readonly mod?: boolean;
  readonly shift?: boolean;
  readonly alt?: boolean;
}

/** Where a shortcut works, in the order the help lists them. */
export const shortcutScopes = ['global', 'lists', 'timeline', 'timelineItems', 'dialogs'] as const;
export type ShortcutScope = (typeof shortcutScopes)[number];

export interface Shortcut {
  readonly scope: ShortcutScope;
  /** Each of these does it. */
  readonly keys: readonly KeyCombo[];
  /**
   * Whether switching shortcuts off stops it: a character key that acts without Ctrl/⌘ (WCAG 2.1.4),
   * which a screen reader's own keys would hit. Keys that operate the focused control (arrows on a
   * timeline item, Enter, Esc) and Ctrl/⌘ combinations stay: keyboard use rests on them.
   */
  readonly switchable: boolean;
}

const arrows = { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' } as const;

/** Two keys, the same held with each (the two directions of a move). */
const both = (one: string, other: string, held: Omit<KeyCombo, 'key'> = {}): readonly KeyCombo[] => [
  { key: one, ...held },
  { key: other, ...held },
];

export const shortcuts = {
  help: { scope: 'global', keys: [{ key: '?' }], switchable: true },
  palette: { scope: 'global', keys: [{ key: 'k', mod: true }], switchable: false },
  undo: { scope: 'global', keys: [{ key: 'z', mod: true }], switchable: false },
  openRow: { scope: 'lists', keys: [{ key: 'Enter' }], switchable: false },
  zoomIn: { scope: 'timeline', keys: [{ key: '+' }, { key: '=' }], switchable: true },
  zoomOut: { scope: 'timeline', keys: [{ key: '-' }], switchable: true },
  panEarlier: { scope: 'timeline', keys: [{ key: arrows.left }], switchable: false },
  panLater: { scope: 'timeline', keys: [{ key: arrows.right }], switchable: false },
  createItem: { scope: 'timelineItems', keys: [{ key: 'Enter' }], switchable: false },
  openItem: { scope: 'timelineItems', keys: [{ key: 'Enter' }, { key: ' ' }], switchable: false },
  moveItem: { scope: 'timelineItems', keys: both(arrows.left, arrows.right), switchable: false },
  resizeItem: {
    scope: 'timelineItems',
    keys: both(arrows.left, arrows.right, { shift: true }),
    switchable: false,
  },
  changeLane: {
    scope: 'timelineItems',
    keys: both(arrows.up, arrows.down, { alt: true }),
    switchable: false,
  },
  save: { scope: 'dialogs', keys: [{ key: 's', mod: true }], switchable: false },
  close: { scope: 'dialogs', keys: [{ key: 'Escape' }], switchable: false },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof shortcuts;

/** A key that types a symbol: its Shift depends on the keyboard layout (`?` is Shift+' on a Swiss one). */
const isSymbol = (key: string) => key.length === 1 && key.toLowerCase() === key.toUpperCase();

const comboMatches = (combo: KeyCombo, event: Pick<KeyboardEvent, KeyboardModifier | 'key'>) =>
  event.key.toLowerCase() === combo.key.toLowerCase() &&
  (event.ctrlKey || event.metaKey) === (combo.mod ?? false) &&
  event.altKey === (combo.alt ?? false) &&
  (isSymbol(combo.key) || event.shiftKey === (combo.shift ?? false));

type KeyboardModifier = 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey';

/** Whether `event` is one of the shortcut's keys (exactly: Ctrl+← is not ←). */
export const matches = (id: ShortcutId, event: Pick<KeyboardEvent, KeyboardModifier | 'key'>): boolean =>
  shortcuts[id].keys.some((combo: KeyCombo) => comboMatches(combo, event));

/** The shortcut's first keys as Mantine's hotkey hooks write them (`mod+S`), for `useHotkeys` and Spotlight. */
export const hotkeyOf = (id: ShortcutId): string => {
  const combo: KeyCombo = shortcuts[id].keys[0]!;
  return [combo.mod && 'mod', combo.alt && 'alt', combo.shift && 'shift', combo.key]
    .filter(Boolean)
    .join('+');
};
