import { describe, expect, it, jest } from '@jest/globals';
import { getHotkeyHandler } from '@mantine/hooks';
import { hotkeyOf, matches, shortcutScopes, shortcuts } from './shortcuts';
import type { KeyCombo, ShortcutId } from './shortcuts';

type Pressed = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;
const key = (name: string, held: Partial<Omit<Pressed, 'key'>> = {}): Pressed => ({
  key: name,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...held,
});
const ids = Object.keys(shortcuts) as ShortcutId[];

describe('the shortcuts registry', () => {
  it('takes ? with or without Shift, as keyboard layouts differ, but not with Ctrl', () => {
    expect(matches('help', key('?', { shiftKey: true }))).toBe(true);
    expect(matches('help', key('?'))).toBe(true);
    expect(matches('help', key('?', { ctrlKey: true }))).toBe(false);
    expect(matches('help', key('/'))).toBe(false);
  });

  it('tells an item move from a resize and a lane change by the keys held', () => {
    expect(matches('moveItem', key('ArrowRight'))).toBe(true);
    expect(matches('moveItem', key('ArrowRight', { shiftKey: true }))).toBe(false);
    expect(matches('resizeItem', key('ArrowLeft', { shiftKey: true }))).toBe(true);
    expect(matches('changeLane', key('ArrowDown', { altKey: true }))).toBe(true);
    expect(matches('changeLane', key('ArrowDown'))).toBe(false);
    expect(matches('moveItem', key('ArrowRight', { ctrlKey: true }))).toBe(false);
  });

  it('takes Ctrl or ⌘ for mod, whatever the case of the letter, and nothing more held', () => {
    expect(matches('undo', key('z', { ctrlKey: true }))).toBe(true);
    expect(matches('undo', key('Z', { metaKey: true }))).toBe(true);
    expect(matches('undo', key('z', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(matches('undo', key('z'))).toBe(false);
  });

  it("writes a hotkey that Mantine's hotkey handler takes for the same keys", () => {
    expect(hotkeyOf('save')).toBe('mod+s');
    const saved = jest.fn();
    const handle = getHotkeyHandler([[hotkeyOf('save'), saved]]);
    handle(new KeyboardEventLike('s', { ctrlKey: true }) as unknown as KeyboardEvent);
    handle(new KeyboardEventLike('s') as unknown as KeyboardEvent);
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('lets exactly the character keys without Ctrl/⌘ be switched off (WCAG 2.1.4)', () => {
    const character = (combo: KeyCombo) => combo.key.length === 1 && combo.key !== ' ' && !combo.mod;
    for (const id of ids)
      expect([id, shortcuts[id].switchable]).toEqual([id, shortcuts[id].keys.some(character)]);
  });

  it('has a shortcut in every scope the help lists', () => {
    for (const scope of shortcutScopes) expect(ids.some((id) => shortcuts[id].scope === scope)).toBe(true);
  });
});

/** What Mantine's handler reads of a DOM keyboard event (the specs run without a DOM). */
class KeyboardEventLike {
  readonly ctrlKey: boolean;
  readonly metaKey = false;
  readonly altKey = false;
  readonly shiftKey = false;
  readonly code: string;
  constructor(
    readonly key: string,
    { ctrlKey = false } = {},
  ) {
    this.ctrlKey = ctrlKey;
    this.code = `Key${key.toUpperCase()}`;
  }
  preventDefault() {}
}
