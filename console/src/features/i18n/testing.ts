import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import i18next from 'i18next';
import type { TFunction } from 'i18next';

const features = resolve(import.meta.dirname, '..');

/** Every feature's English catalogue, read from disk (the specs run without Vite's bundling). */
const english = (): Record<string, Record<string, unknown>> =>
  Object.fromEntries(
    readdirSync(features)
      .map((feature) => [feature, resolve(features, feature, 'messages', 'en.json')] as const)
      .filter(([, file]) => existsSync(file))
      .map(([feature, file]) => [feature, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>]),
  );

/**
 * For unit specs of modules that make visible text: a `t` of `feature`'s English catalogue, which also
 * finds other features' keys by their namespace (`common:recordFields.title`).
 */
export const englishT = (feature: string): TFunction => {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    defaultNS: feature,
    resources: { en: english() },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance.getFixedT('en', feature);
};
