import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useRefusalMessage } from '../../as-of/useAsOf';
import { useCan } from '../../auth/permissions';
import { notifyError } from '../../common/notify';
import { newApplication, showApplication } from './applicationDialogSlice';

/** §6: VIEW opens an existing application, CREATE a new one; otherwise the 'not permitted' notice. */
export function useOpenApplicationDialog() {
  const dispatch = useAppDispatch();
  const canView = useCan('application-details', 'VIEW');
  const canCreate = useCan('application-details', 'CREATE');
  const refusal = useRefusalMessage();

  const openExisting = useCallback(
    (id: number) => (canView ? dispatch(showApplication(id)) : notifyError('not permitted')),
    [canView, dispatch],
  );
  const openNew = useCallback(
    (parent: number | null = null) => (canCreate ? dispatch(newApplication(parent)) : notifyError(refusal)),
    [canCreate, dispatch, refusal],
  );
  return { openExisting, openNew, canCreate, canView };
}
