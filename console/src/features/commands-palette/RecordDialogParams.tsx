import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectApplicationDialog, selectProjectDialog } from '../record-dialog/recordDialogSlices';
import { useOpenApplicationDialog, useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { parseRecordDialogParams, withoutRecordDialogParams } from './dialogParams';

/**
 * Turns `?show-application=`, `?show-project=` and `?new-project[=]` on any page into the dialogs' root
 * events; the parameter stays while the dialog is open and is removed when it closes.
 */
export function RecordDialogParams() {
  const [params, setParams] = useSearchParams();
  const request = parseRecordDialogParams(params);
  const requestKey = request ? JSON.stringify(request) : null;
  const applications = useOpenApplicationDialog();
  const projects = useOpenProjectDialog();
  const applicationOpen = useAppSelector(selectApplicationDialog).mode !== 'closed';
  const projectOpen = useAppSelector(selectProjectDialog).mode !== 'closed';
  const dialogOpen = request?.kind === 'show-application' ? applicationOpen : projectOpen;
  /** The request the dialog was opened for, and whether it has been seen open since. */
  const opened = useRef<{ key: string; seenOpen: boolean } | null>(null);
  const clear = useCallback(
    () => setParams((current) => withoutRecordDialogParams(current), { replace: true }),
    [setParams],
  );

  useEffect(() => {
    if (request === null || requestKey === null) {
      opened.current = null;
      return;
    }
    if (opened.current?.key !== requestKey) {
      opened.current = { key: requestKey, seenOpen: false };
      const permitted =
        request.kind === 'show-application'
          ? applications.canView
          : request.kind === 'show-project'
            ? projects.canView
            : projects.canCreate;
      // the open helpers show the 'not permitted' notice themselves
      if (request.kind === 'show-application') applications.openExisting(request.id);
      else if (request.kind === 'show-project') projects.openExisting(request.id);
      else projects.openNew(request.application);
      if (!permitted) clear();
      return;
    }
    if (dialogOpen) opened.current.seenOpen = true;
    else if (opened.current.seenOpen) clear();
  }, [request, requestKey, dialogOpen, applications, projects, clear]);

  return null;
}
