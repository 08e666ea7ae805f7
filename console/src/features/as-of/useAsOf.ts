import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { httpStatusOf } from '../common/problem';
import { notYetMessage, readOnlyMessage, withAsOf } from '../session/asOf';
import { editorBusy, editorIdle, selectAsOf, selectEditorsBusy } from '../session/asOfSlice';
import { urlChoice } from '../common/urlChoice';

/** The instant the console shows, or null for now. */
export const useAsOf = (): string | null => useAppSelector(selectAsOf);

const asOfChoice = urlChoice<string>('asOf', 'now', withAsOf);

/** Whether a location's state is that of "Back to now", which dropped `asOf` from the URL on purpose. */
export const isBackToNow = asOfChoice.isLeft;

/** Moves the console to an instant, or back to now (null); AsOfUrlSync brings the slice along. */
export const useSetAsOf = asOfChoice.useSet;

/** A record's load failure as of a date: a 404 then means it did not exist yet. */
export const useAsOfFailureMessage = (failureMessage: (error: unknown) => string) => {
  const asOf = useAsOf();
  const { t } = useTranslation('session');
  return useCallback(
    (error: unknown) =>
      asOf !== null && httpStatusOf(error) === 404 ? notYetMessage(asOf, t) : failureMessage(error),
    [asOf, failureMessage, t],
  );
};

/**
 * An editor with unsaved changes or a running save tells the As of control: moving in time remounts
 * every dialog, so the control waits until the editor is idle (saved, discarded or closed).
 */
export const useBusyEditor = (busy: boolean) => {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!busy) return;
    dispatch(editorBusy());
    return () => void dispatch(editorIdle());
  }, [busy, dispatch]);
};

/** Whether some editor has unsaved changes or is saving (the As of control is disabled then). */
export const useEditorsBusy = (): boolean => useAppSelector(selectEditorsBusy);

/** Why a create or edit is refused: the read-only past while viewing as of a date, else the permission. */
export const useRefusalMessage = (): string => {
  const asOf = useAsOf();
  const { t } = useTranslation('as-of');
  return asOf === null ? t('notPermitted') : readOnlyMessage(asOf, t);
};
