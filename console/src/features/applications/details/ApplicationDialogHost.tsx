import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ApplicationDialog } from './ApplicationDialog';
import { applicationDialogClosed, selectApplicationDialog } from '../../record-dialog/recordDialogSlices';
import { useOpenApplicationDialog } from '../../record-dialog/useOpenRecordDialog';
import { useAddressParams } from '../../common/urlParams';

const newApplicationParam = 'new-application';

/**
 * Renders the dialog the root events asked for (show-application, new-application), and turns the URL
 * parameter `?new-application[=<parentId>]` on any page into a new-application event.
 */
export function ApplicationDialogHost() {
  const dialog = useAppSelector(selectApplicationDialog);
  const dispatch = useAppDispatch();
  const { openNew } = useOpenApplicationDialog();
  const [params, setParams] = useAddressParams();
  const requested = params.get(newApplicationParam);

  useEffect(() => {
    if (requested === null) return;
    setParams(
      (current) => {
        current.delete(newApplicationParam);
        return current;
      },
      { replace: true },
    );
    openNew(/^\d+$/.test(requested) ? Number(requested) : null);
  }, [requested, setParams, openNew]);

  const close = useCallback(() => dispatch(applicationDialogClosed()), [dispatch]);

  if (dialog.mode === 'closed') return null;
  return dialog.mode === 'new' ? (
    <ApplicationDialog key="new" applicationId={null} parent={dialog.preselected} onClose={close} />
  ) : (
    <ApplicationDialog key={dialog.id} applicationId={dialog.id} onClose={close} />
  );
}
