import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useRefusalMessage } from '../../as-of/useAsOf';
import { useCan } from '../../auth/permissions';
import { notifyError } from '../../common/notify';
import { newProject, showProject } from './projectDialogSlice';

/** §6: VIEW opens an existing project, CREATE a new one; otherwise the 'not permitted' notice. */
export function useOpenProjectDialog() {
  const dispatch = useAppDispatch();
  const canView = useCan('group-details', 'VIEW');
  const canCreate = useCan('group-details', 'CREATE');
  const refusal = useRefusalMessage();

  const openExisting = useCallback(
    (id: number) => (canView ? dispatch(showProject(id)) : notifyError('not permitted')),
    [canView, dispatch],
  );
  const openNew = useCallback(
    (application: number | null = null) =>
      canCreate ? dispatch(newProject(application)) : notifyError(refusal),
    [canCreate, dispatch, refusal],
  );
  return { openExisting, openNew, canCreate, canView };
}
