import { useCallback } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import type { PermissionResource } from '@fahrplan/contracts';
import { useAppDispatch } from '../../app/hooks';
import { useRefusalMessage } from '../as-of/useAsOf';
import { useCan } from '../auth/permissions';
import { notifyError } from '../common/notify';
import { newApplication, newProject, showApplication, showProject } from './recordDialogSlices';

/**
 * §6: VIEW opens an existing record, CREATE a new one (with its preselection, e.g. the parent);
 * otherwise the 'not permitted' notice. The dialogs' root events live here, so any screen can open
 * a dialog without importing the feature that renders it.
 */
function useOpenRecordDialog(
  resource: PermissionResource,
  show: (id: number) => UnknownAction,
  create: (preselected: number | null) => UnknownAction,
) {
  const { t } = useTranslation('record-dialog');
  const dispatch = useAppDispatch();
  const canView = useCan(resource, 'VIEW');
  const canCreate = useCan(resource, 'CREATE');
  const refusal = useRefusalMessage();

  const openExisting = useCallback(
    (id: number) => (canView ? dispatch(show(id)) : notifyError(t('notPermitted'))),
    [canView, dispatch, show, t],
  );
  const openNew = useCallback(
    (preselected: number | null = null) => (canCreate ? dispatch(create(preselected)) : notifyError(refusal)),
    [canCreate, dispatch, create, refusal],
  );
  return { openExisting, openNew, canCreate, canView };
}

/** The application dialog: `openNew(parent)` preselects the parent application. */
export const useOpenApplicationDialog = () =>
  useOpenRecordDialog('application-details', showApplication, newApplication);

/** The project dialog: `openNew(application)` preselects the application (§2, with ALM). */
export const useOpenProjectDialog = () => useOpenRecordDialog('group-details', showProject, newProject);
