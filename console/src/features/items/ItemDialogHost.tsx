import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth/permissions';
import { notifyError } from '../common/notify';
import { ItemDialog } from './ItemDialog';
import { parseItemDialogParams, withoutItemParams } from './itemDialogParams';
import { today } from '../common/dateTime';
import { useAddressParams } from '../common/urlParams';

/**
 * Renders the item dialog the URL asks for (`?show-item=` / `?new-item=`, see itemDialogParams) over the
 * current page; closing it removes the parameters.
 */
export function ItemDialogHost() {
  const { t } = useTranslation('items');
  const [params, setParams] = useAddressParams();
  const key = params.toString();
  const request = useMemo(() => parseItemDialogParams(new URLSearchParams(key), today()), [key]);
  const canView = useCan('items', 'VIEW');
  const canCreate = useCan('items', 'CREATE');
  const permitted = request === null || (request.mode === 'show' ? canView : canCreate);
  const close = useCallback(
    () => setParams((current) => withoutItemParams(current), { replace: true }),
    [setParams],
  );

  useEffect(() => {
    if (permitted) return;
    notifyError(t('notPermitted'));
    close();
  }, [permitted, close, t]);

  if (!request || !permitted) return null;
  return request.mode === 'show' ? (
    <ItemDialog key={`show-${request.id}`} itemId={request.id} onClose={close} />
  ) : (
    <ItemDialog
      key={`new-${JSON.stringify(request.request)}`}
      itemId={null}
      request={request.request}
      onClose={close}
    />
  );
}
