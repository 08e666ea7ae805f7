import { getI18n } from 'react-i18next';
import type { TFunction } from 'i18next';

/**
 * A text made outside any component (a plain module, a callback): in the language shown, or `english`
 * where no language is set up (unit specs load no catalogue).
 */
export const spoken = (say: (t: TFunction) => string, english: string): string => {
  const i18n = getI18n() as ReturnType<typeof getI18n> | undefined;
  return i18n?.isInitialized ? say(i18n.t) : english;
};
