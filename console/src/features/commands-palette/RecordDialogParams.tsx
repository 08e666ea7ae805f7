import { useCallback, useEffect, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { httpStatusOf } from '../common/problem';
import { notifyError } from '../common/notify';
import { useGetApplicationQuery } from '../applications/applicationsApi';
import { loadFailureMessage } from '../applications/details/ApplicationDialog';
import { useGetProjectQuery } from '../projects/details/projectDetailsApi';
import { useProjectLoadFailureMessage } from '../projects/details/ProjectDialog';
import {
  applicationDialogClosed,
  projectDialogClosed,
  selectApplicationDialog,
  selectProjectDialog,
} from '../record-dialog/recordDialogSlices';
import type { RecordDialogState } from '../record-dialog/recordDialogSlices';
import { useOpenApplicationDialog, useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { newProjectRequest, newProjectParam, recordKeyOf, showParams, withDialogParam } from './dialogParams';
import type { RecordKey } from './dialogParams';
import { useAddressParams } from '../common/urlParams';

/** The history entry that opening a dialog added. */
interface DialogEntry {
  openedDialog: string;
}

interface ShowParamOptions {
  /** The URL parameter, e.g. `show-project`. */
  param: string;
  /** What the parameter names, read from the URL. */
  recordKey: RecordKey | null;
  /** The record a name named, once looked up. */
  byName: { data?: { id: number }; error?: unknown; isError: boolean };
  /** What the notice says when no record has that name. */
  noMatch: (name: string) => string;
  failure: (error: unknown) => string;
  dialog: RecordDialogState;
  open: (id: number) => void;
  close: () => void;
  /** Parameters that go with the dialog's own when it moves (a new record's request, once it is saved). */
  alsoClears?: readonly string[];
}

/**
 * Keeps a dialog and its `show-…` parameter together, whichever moved: a link, a reload, Back or
 * Forward open or close the dialog; opening a record in the dialog adds a history entry with its id
 * (so Back closes it again), closing it takes the parameter away. A name is looked up once and
 * replaced by the record's id, or a notice says that nothing matched.
 */
function useShowParam({
  param,
  recordKey,
  byName,
  noMatch,
  failure,
  dialog,
  open,
  close,
  alsoClears = [],
}: ShowParamOptions) {
  const [params, setParams] = useAddressParams();
  const navigate = useNavigate();
  const replacesRequest = alsoClears.some((name) => params.has(name));
  const openedHere = (useLocation().state as DialogEntry | null)?.openedDialog === param;
  /** The record the URL and the dialog last agreed on. */
  const agreed = useRef<number | null>(null);
  /** What the URL will name once a change this hook asked for arrived (navigation is asynchronous). */
  const expected = useRef<number | null | undefined>(undefined);
  /** The name whose failed look-up was told, so a render before the URL changes does not tell it twice. */
  const told = useRef<string | null>(null);
  const shown = dialog.mode === 'show' ? dialog.id : null;

  useEffect(() => {
    const write = (value: string | null, replace: boolean) => {
      expected.current = value === null ? null : Number(value);
      setParams(
        (current) =>
          alsoClears.reduce(
            (next, name) => withDialogParam(next, name, null),
            withDialogParam(current, param, value),
          ),
        replace ? { replace } : { state: { openedDialog: param } satisfies DialogEntry },
      );
    };
    if (typeof recordKey === 'string') {
      if (byName.data) write(String(byName.data.id), true);
      else if (byName.isError && told.current !== recordKey) {
        told.current = recordKey;
        notifyError(httpStatusOf(byName.error) === 404 ? noMatch(recordKey) : failure(byName.error));
        write(null, true);
      }
      return;
    }
    told.current = null;
    if (expected.current !== undefined) {
      // until the URL shows what was asked for, it is the old URL, not a move of its own
      if (recordKey !== expected.current) return;
      expected.current = undefined;
    }
    if (recordKey !== agreed.current) {
      // the URL moved (a link, Back, Forward): the dialog follows
      agreed.current = recordKey;
      if (recordKey === null) {
        if (shown !== null) close();
      } else if (recordKey !== shown) open(recordKey);
      return;
    }
    if (shown !== agreed.current) {
      // the dialog moved (a row opened it, Close): the URL follows
      const before = agreed.current;
      agreed.current = shown;
      // closing the dialog opened on this page returns to the entry before it, so Back goes on from there
      if (shown === null) {
        if (openedHere) {
          expected.current = null;
          void navigate(-1);
        } else write(null, true);
      } else write(String(shown), before !== null || replacesRequest);
    }
  }, [
    param,
    recordKey,
    byName,
    noMatch,
    failure,
    shown,
    open,
    close,
    alsoClears,
    replacesRequest,
    setParams,
    navigate,
    openedHere,
  ]);
}

/** A new project, once saved, shows as itself: its request leaves the URL with the saved project's id. */
const clearedWithProject = [newProjectParam];

/**
 * The record dialogs' URL parameters on any page: `?show-application=` and `?show-project=` stay in
 * step with the open dialog (useShowParam); `?new-project[=]` opens a new project and goes when the
 * dialog closes.
 */
export function RecordDialogParams() {
  const { t } = useTranslation('commands-palette');
  const noApplicationNamed = useCallback((name: string) => t('noApplicationNamed', { name }), [t]);
  const noProjectTitled = useCallback((title: string) => t('noProjectTitled', { title }), [t]);
  const [params, setParams] = useAddressParams();
  const dispatch = useAppDispatch();
  const applications = useOpenApplicationDialog();
  const projects = useOpenProjectDialog();
  const applicationDialog = useAppSelector(selectApplicationDialog);
  const projectDialog = useAppSelector(selectProjectDialog);

  const closeApplication = useCallback(() => dispatch(applicationDialogClosed()), [dispatch]);
  const closeProject = useCallback(() => dispatch(projectDialogClosed()), [dispatch]);
  const applicationKey = recordKeyOf(params.get(showParams.application));
  const projectKey = recordKeyOf(params.get(showParams.project));
  const applicationByName = useGetApplicationQuery(
    typeof applicationKey === 'string' ? applicationKey : skipToken,
  );
  const projectByName = useGetProjectQuery(typeof projectKey === 'string' ? projectKey : skipToken);
  const projectFailure = useProjectLoadFailureMessage();

  useShowParam({
    param: showParams.application,
    recordKey: applicationKey,
    byName: applicationByName,
    noMatch: noApplicationNamed,
    failure: loadFailureMessage,
    dialog: applicationDialog,
    open: applications.openExisting,
    close: closeApplication,
  });
  useShowParam({
    param: showParams.project,
    recordKey: projectKey,
    byName: projectByName,
    noMatch: noProjectTitled,
    failure: projectFailure,
    dialog: projectDialog,
    open: projects.openExisting,
    close: closeProject,
    alsoClears: clearedWithProject,
  });

  const newProject = newProjectRequest(params);
  /** The new project dialog the parameter opened has been seen open. */
  const newProjectOpened = useRef(false);
  const { openNew, canCreate } = projects;
  const projectMode = projectDialog.mode;
  useEffect(() => {
    const clear = () =>
      setParams((current) => withDialogParam(current, newProjectParam, null), { replace: true });
    if (newProject === undefined) {
      newProjectOpened.current = false;
      return;
    }
    if (projectMode === 'new') newProjectOpened.current = true;
    // a saved new project shows as itself: useShowParam replaces the request by its id
    else if (newProjectOpened.current) {
      if (projectMode === 'closed') clear();
    } else {
      // the open helper shows the 'not permitted' notice itself
      openNew(newProject);
      if (!canCreate) clear();
    }
  }, [newProject, projectMode, openNew, canCreate, setParams]);

  return null;
}
