import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleLanguage, MeView } from '@fahrplan/contracts';
import { notifyError } from '../common/notify';
import { describeError } from '../common/problem';
import { languageOf, showIn } from '../i18n/i18n';
import { useChangeMyPreferencesMutation } from './preferencesApi';
import { sendOnce } from '../api/commands';

/**
 * The console follows the signed-in user's language (else the browser's), and `choose` shows another
 * at once and keeps it as the user's choice in every tenant and browser they use.
 */
export function useUserLanguage(me: MeView | null) {
  const { t } = useTranslation('preferences');
  const [change] = useChangeMyPreferencesMutation();
  const chosen = me?.preferences.language ?? null;

  useEffect(() => {
    if (chosen) void showIn(languageOf(chosen));
  }, [chosen]);

  const choose = async (language: ConsoleLanguage) => {
    await showIn(language);
    try {
      await sendOnce(change, { language });
    } catch (error) {
      notifyError(t('languageNotKept', { reason: describeError(error) }));
    }
  };
  return choose;
}
