import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import i18next from 'i18next';
import type { TFunction } from 'i18next';

/**
 * For unit specs of modules that make visible text: a `t` of `feature`'s English catalogue, read from
 * disk (the specs run without Vite's bundling).
 */
export const englishT = (feature: string): TFunction => {
  const file = resolve(import.meta.dirname, '..', feature, 'messages', 'en.json');
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    ns: [feature],
    defaultNS: feature,
    resources: { en: { [feature]: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance.getFixedT('en', feature);
};
