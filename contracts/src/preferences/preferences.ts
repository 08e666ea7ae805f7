import { z } from 'zod';

/** The console's languages (issue 20): Swiss German first, the default when nothing else decides. */
export const consoleLanguages = ['de-CH', 'fr-CH', 'it-CH', 'en'] as const;
export type ConsoleLanguage = (typeof consoleLanguages)[number];
export const defaultLanguage: ConsoleLanguage = 'de-CH';

/** `tag` as one of the console's languages, exactly; null for any other. */
export const consoleLanguageOf = (tag: string | null | undefined): ConsoleLanguage | null =>
  consoleLanguages.find((language) => language === tag) ?? null;

/** The console's colour schemes (issue 20): 'system' follows the operating system's light or dark. */
export const consoleThemes = ['system', 'light', 'dark'] as const;
export type ConsoleTheme = (typeof consoleThemes)[number];

/** What a user chose for themselves, the same in every tenant and browser they use. */
export interface UserPreferences {
  /** null: what the browser asks for decides. */
  readonly language: ConsoleLanguage | null;
  readonly theme: ConsoleTheme;
  /** The high-contrast variant of the light or dark scheme. */
  readonly highContrast: boolean;
  /** Single-key shortcuts (`?` lists them); off for screen readers whose keys they would take. */
  readonly shortcuts: boolean;
}
export const noPreferences: UserPreferences = {
  language: null,
  theme: 'system',
  highContrast: false,
  shortcuts: true,
};

/**
 * The preferences among what is recorded (an event, a user's state): what is not there is the default,
 * so events recorded before themes (language only) read with the defaults for the rest.
 */
export const preferencesOf = (recorded: Partial<UserPreferences>): UserPreferences => ({
  language: recorded.language ?? noPreferences.language,
  theme: recorded.theme ?? noPreferences.theme,
  highContrast: recorded.highContrast ?? noPreferences.highContrast,
  shortcuts: recorded.shortcuts ?? noPreferences.shortcuts,
});

/** The preferences of `chosen` that differ from `current`. */
export const preferencesChanged = (
  current: UserPreferences,
  chosen: UserPreferences,
): Partial<UserPreferences> =>
  Object.fromEntries(
    Object.entries(chosen).filter(([key, value]) => current[key as keyof UserPreferences] !== value),
  );

/** The preferences as /api/me answers them. */
export const userPreferencesSchema = z.object({
  language: z.enum(consoleLanguages).nullable(),
  theme: z.enum(consoleThemes),
  highContrast: z.boolean(),
  shortcuts: z.boolean(),
});

/** ChangeMyPreferences: the caller's own choices; a field left out stays as it is. */
export const changeMyPreferencesSchema = z.strictObject({
  language: z.enum(consoleLanguages).nullable().optional(),
  theme: z.enum(consoleThemes).optional(),
  highContrast: z.boolean().optional(),
  shortcuts: z.boolean().optional(),
});
export type ChangeMyPreferencesData = z.infer<typeof changeMyPreferencesSchema>;

/** The preferences after a change: what the command names replaces what was there. */
export const changedPreferences = (
  current: UserPreferences,
  change: ChangeMyPreferencesData,
): UserPreferences => ({
  language: change.language === undefined ? current.language : change.language,
  theme: change.theme ?? current.theme,
  highContrast: change.highContrast ?? current.highContrast,
  shortcuts: change.shortcuts ?? current.shortcuts,
});

/** Whether two sets of preferences say the same. */
export const samePreferences = (a: UserPreferences, b: UserPreferences) =>
  a.language === b.language &&
  a.theme === b.theme &&
  a.highContrast === b.highContrast &&
  a.shortcuts === b.shortcuts;

/**
 * The language for a user: their choice, else the first of the browser's languages (Accept-Language,
 * `navigator.languages`) that the console speaks, by its language alone when the region differs
 * (de-DE → de-CH, fr → fr-CH, en-GB → en), else German.
 */
export const languageFor = (
  choice: ConsoleLanguage | null | undefined,
  asked: readonly string[],
): ConsoleLanguage => {
  if (choice) return choice;
  for (const tag of asked) {
    const exact = consoleLanguages.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]!.toLowerCase();
    const same = consoleLanguages.find((l) => l.split('-')[0]!.toLowerCase() === base);
    if (same) return same;
  }
  return defaultLanguage;
};
