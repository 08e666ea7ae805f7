import { z } from 'zod';

/** The console's languages (issue 20): Swiss German first, the default when nothing else decides. */
export const consoleLanguages = ['de-CH', 'fr-CH', 'it-CH', 'en'] as const;
export type ConsoleLanguage = (typeof consoleLanguages)[number];
export const defaultLanguage: ConsoleLanguage = 'de-CH';

/** `tag` as one of the console's languages, exactly; null for any other. */
export const consoleLanguageOf = (tag: string | null | undefined): ConsoleLanguage | null =>
  consoleLanguages.find((language) => language === tag) ?? null;

/** What a user chose for themselves; null: what the browser asks for decides. */
export interface UserPreferences {
  readonly language: ConsoleLanguage | null;
}
export const noPreferences: UserPreferences = { language: null };

/** ChangeMyPreferences: the caller's own choices; a field left out stays as it is. */
export const changeMyPreferencesSchema = z.strictObject({
  language: z.enum(consoleLanguages).nullable().optional(),
});
export type ChangeMyPreferencesData = z.infer<typeof changeMyPreferencesSchema>;

/** The preferences after a change: what the command names replaces what was there. */
export const changedPreferences = (
  current: UserPreferences,
  change: ChangeMyPreferencesData,
): UserPreferences => ({
  language: change.language === undefined ? current.language : change.language,
});

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
