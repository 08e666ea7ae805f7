import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleLanguageOf, defaultOptionLists, localisedOptionLists } from '@fahrplan/contracts';
import type { OptionLists } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectMe } from '../session/selectMe';

/**
 * The signed-in tenant's option lists (issue 19), as /api/me answered them, labelled in the language
 * shown (issue 20); the defaults before it has, so that a screen never shows bare codes while it loads.
 */
export const useOptionLists = (): OptionLists => {
  const lists = useAppSelector(selectMe)?.optionLists ?? defaultOptionLists;
  const { i18n } = useTranslation();
  const language = consoleLanguageOf(i18n.language) ?? 'en';
  return useMemo(() => localisedOptionLists(lists, language), [lists, language]);
};
