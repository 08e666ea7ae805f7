import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { defaultCalendarId } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { useDialogRecord } from '../../record-dialog/useDialogRecord';
import { LoadingDialog } from '../../record-dialog/LoadingDialog';
import { loadFailureText } from '../../record-dialog/loadFailure';
import { selectMe } from '../../session/selectMe';
import { useGetProjectQuery } from './projectDetailsApi';
import { ProjectEditor } from './ProjectEditor';
import { useReturnFocus } from '../../common/useReturnFocus';
import { useCalendarRulesState } from '../../calendars/useCalendarRules';
import { useShownOnce } from '../../record-dialog/useShownOnce';

interface Props {
  /** An existing project's id, or null for a new project. */
  projectId: number | null;
  /** Preselected application of a new project. */
  application?: number | null;
  onClose: () => void;
  onOpenProject: (id: number) => void;
}

/**
 * §8: what a failed load tells the user. Without `t` (a caller outside this feature that has not
 * passed one yet) in English.
 */
export const projectLoadFailureMessage = (error: unknown, t?: TFunction<'projects'>) =>
  loadFailureText(
    error,
    t
      ? { notFound: t('dialog.notFound'), notPermitted: t('dialog.notPermitted') }
      : { notFound: 'project not found', notPermitted: 'not permitted' },
  );

/** projectLoadFailureMessage in the language shown. */
export const useProjectLoadFailureMessage = () => {
  const { t } = useTranslation('projects');
  return useCallback((error: unknown) => projectLoadFailureMessage(error, t), [t]);
};

/** The project (group) details dialog (§2): loads the project, then hands it to the editor. */
export function ProjectDialog({ projectId, application = null, onClose, onOpenProject }: Props) {
  useReturnFocus();
  const { t } = useTranslation('projects');
  const failureMessage = useProjectLoadFailureMessage();
  const me = useAppSelector(selectMe);
  const loaded = useDialogRecord(useGetProjectQuery, projectId, failureMessage, onClose);
  // the project's calendar (a new one's: the default) counts its duration from the first render on
  const calendar = useCalendarRulesState(
    projectId === null ? defaultCalendarId : loaded?.calendar,
    // a project shared with the tenant plans on its owner's calendar, read through the project
    loaded?.shared ? loaded.id : null,
  );
  const recordReady = projectId === null || loaded !== null;
  // once shown, the editor stays while the rules refetch or fail: its form keeps what was typed
  const shown = useShownOnce(recordReady && !calendar.loading);

  if (!me) return null;
  if (!recordReady || !shown) {
    return <LoadingDialog title={t('dialog.loadingTitle')} loading={t('dialog.loading')} onClose={onClose} />;
  }
  return (
    <ProjectEditor
      group={loaded}
      application={application}
      me={me}
      onClose={onClose}
      onOpenProject={onOpenProject}
    />
  );
}
