import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { notifyError } from '../common/notify';
import { describeError } from '../common/problem';
import { useChangeMyPreferencesMutation } from '../preferences/preferencesApi';
import { selectMe } from '../session/selectMe';
import { useShortcutsOn } from './shortcutsOn';
import { sendOnce } from '../api/commands';

/**
 * Shortcuts follow the signed-in user's preference; `choose` switches them at once and keeps the choice
 * as the user's, in every browser they use.
 */
export function useShortcutsPreference() {
  const { t } = useTranslation('shortcuts');
  const [on, setOn] = useShortcutsOn();
  const [change] = useChangeMyPreferencesMutation();
  const chosen = useAppSelector(selectMe)?.preferences.shortcuts;

  useEffect(() => {
    if (chosen !== undefined) setOn(chosen);
  }, [chosen, setOn]);

  const choose = async (next: boolean) => {
    setOn(next);
    try {
      await sendOnce(change, { shortcuts: next });
    } catch (error) {
      notifyError(t('notKept', { reason: describeError(error) }));
    }
  };
  return { on, choose };
}
