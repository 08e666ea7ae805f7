import { consoleLanguages } from '@fahrplan/contracts';

/**
 * i18next's resources from the catalogue files by path (`…/<feature>/messages/<language>.json`):
 * language → namespace (the feature folder) → messages. A file of a language the console does not
 * speak is an error, not a silent gap.
 */
export const cataloguesOf = (
  files: Readonly<Record<string, Record<string, unknown>>>,
): Record<string, Record<string, Record<string, unknown>>> => {
  const resources: Record<string, Record<string, Record<string, unknown>>> = Object.fromEntries(
    consoleLanguages.map((language) => [language, {}]),
  );
  for (const [path, messages] of Object.entries(files)) {
    const match = /\/([^/]+)\/messages\/([^/]+)\.json$/.exec(path);
    const byLanguage = match ? resources[match[2]!] : undefined;
    if (!match || !byLanguage) throw new Error(`not a message catalogue: ${path}`);
    byLanguage[match[1]!] = messages;
  }
  return resources;
};
