import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeView } from '@fahrplan/contracts';
import { useAppearance } from '../appearance/useAppearance';
import type { AppearanceChange } from '../appearance/useAppearance';
import { notifyError } from '../common/notify';
import { describeError } from '../common/problem';
import { useChangeMyPreferencesMutation } from './preferencesApi';
import { sendOnce } from '../api/commands';

/**
 * The console shows the signed-in user's theme and contrast once /api/me answers (before, the last
 * choice in this browser, else the OS's), and `choose` shows a change at once and keeps it as the
 * user's choice in every tenant and browser they use.
 */
export function useUserAppearance(me: MeView | null) {
  const { t } = useTranslation('preferences');
  const [change] = useChangeMyPreferencesMutation();
  const { show } = useAppearance();
  const theme = me?.preferences.theme;
  const highContrast = me?.preferences.highContrast;

  // only a new answer of /api/me applies, not every render: a choice not yet kept stays shown
  const follow = useEffectEvent((chosen: AppearanceChange) => show(chosen));
  useEffect(() => {
    if (theme !== undefined) follow({ theme });
  }, [theme]);
  useEffect(() => {
    if (highContrast !== undefined) follow({ highContrast });
  }, [highContrast]);

  const choose = async (chosen: AppearanceChange) => {
    show(chosen);
    try {
      await sendOnce(change, chosen);
    } catch (error) {
      notifyError(t('appearanceNotKept', { reason: describeError(error) }));
    }
  };
  return choose;
}
