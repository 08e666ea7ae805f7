import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useRefusalMessage } from '../as-of/useAsOf';
import { useCan } from '../auth/permissions';
import { useRefreshMutation } from '../auth/authApi';
import { selectAccessToken } from '../session/sessionSlice';
import { notifyError } from '../common/notify';
import { tokenExpired, withItemParams } from './itemDialogParams';
import type { ItemDialogRequest } from './itemDialogParams';
import { today } from '../common/dateTime';
import { useAddressParams } from '../common/urlParams';

export interface NewItemOptions {
  /** The project, or null to choose it in the dialog. */
  group: number | null;
  /** YYYY-MM-DD; today when omitted. */
  date?: string;
  subgroup?: string | null;
  milestone?: boolean;
}

/**
 * §2 root events show-item and new-item, from anywhere (the timeline, the command palette): they set the
 * URL parameters the ItemDialogHost reads. §6 items VIEW / CREATE, else the 'not permitted' notice. If the
 * session expired, the token is refreshed first; the dialog does not open when still logged out.
 */
export function useOpenItemDialog() {
  const { t } = useTranslation('items');
  const [, setParams] = useAddressParams();
  const token = useAppSelector(selectAccessToken);
  const [refresh] = useRefreshMutation();
  const canView = useCan('items', 'VIEW');
  const canCreate = useCan('items', 'CREATE');
  const refusal = useRefusalMessage();

  const open = useCallback(
    async (request: ItemDialogRequest) => {
      if (tokenExpired(token, Date.now() / 1000)) {
        const session = await refresh()
          .unwrap()
          .catch(() => null);
        if (!session) {
          notifyError(t('sessionExpired'));
          return false;
        }
      }
      setParams((current) => withItemParams(current, request));
      return true;
    },
    [token, refresh, setParams, t],
  );

  const show = useCallback(
    (id: number) => {
      if (!canView) {
        notifyError(t('notPermitted'));
        return Promise.resolve(false);
      }
      return open({ mode: 'show', id });
    },
    [canView, open, t],
  );

  const create = useCallback(
    ({ group, date, subgroup = null, milestone = false }: NewItemOptions) => {
      if (!canCreate) {
        notifyError(refusal);
        return Promise.resolve(false);
      }
      return open({
        mode: 'new',
        request: { group, date: date ?? today(), subgroup, milestone },
      });
    },
    [canCreate, open, refusal],
  );

  // one object while its parts stay the same, so callbacks that depend on it stay stable
  return useMemo(() => ({ show, create, canView, canCreate }), [show, create, canView, canCreate]);
}
