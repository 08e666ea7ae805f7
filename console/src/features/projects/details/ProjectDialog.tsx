import { Center, Loader, Modal } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '../../../app/hooks';
import { describeError, httpStatusOf } from '../../common/problem';
import { useDialogRecord } from '../../record-dialog/useDialogRecord';
import { selectMe } from '../../session/selectMe';
import { useGetProjectQuery } from './projectDetailsApi';
import { ProjectEditor } from './ProjectEditor';
import { useReturnFocus } from '../../common/useReturnFocus';

interface Props {
  /** An existing project's id, or null for a new project. */
  projectId: number | null;
  /** Preselected application of a new project. */
  application?: number | null;
  onClose: () => void;
  onOpenProject: (id: number) => void;
}

/** §8: what a failed load tells the user. */
export const projectLoadFailureMessage = (error: unknown) => {
  const status = httpStatusOf(error);
  if (status === 404) return 'project not found';
  if (status === 403) return 'not permitted';
  return describeError(error);
};

/** The project (group) details dialog (§2): loads the project, then hands it to the editor. */
export function ProjectDialog({ projectId, application = null, onClose, onOpenProject }: Props) {
  useReturnFocus();
  const me = useAppSelector(selectMe);
  const query = useGetProjectQuery(projectId ?? skipToken, { refetchOnMountOrArgChange: true });
  const loaded = useDialogRecord(query, projectId, projectLoadFailureMessage, onClose);

  if (!me) return null;
  if (projectId !== null && !loaded) {
    return (
      <Modal opened onClose={onClose} title="show group">
        <Center h={120}>
          <Loader aria-label="loading project" />
        </Center>
      </Modal>
    );
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
