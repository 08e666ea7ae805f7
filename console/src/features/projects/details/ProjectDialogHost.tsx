import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ProjectDialog } from './ProjectDialog';
import {
  projectDialogClosed,
  selectProjectDialog,
  showProject,
} from '../../record-dialog/recordDialogSlices';

/** Renders the project dialog the root events asked for (show a group, new group). */
export function ProjectDialogHost() {
  const dialog = useAppSelector(selectProjectDialog);
  const dispatch = useAppDispatch();
  const close = useCallback(() => dispatch(projectDialogClosed()), [dispatch]);
  const open = useCallback((id: number) => dispatch(showProject(id)), [dispatch]);

  if (dialog.mode === 'closed') return null;
  return dialog.mode === 'new' ? (
    <ProjectDialog
      key={`new-${dialog.preselected ?? ''}`}
      projectId={null}
      application={dialog.preselected}
      onClose={close}
      onOpenProject={open}
    />
  ) : (
    <ProjectDialog key={dialog.id} projectId={dialog.id} onClose={close} onOpenProject={open} />
  );
}
