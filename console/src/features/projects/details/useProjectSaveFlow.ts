import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateAccountMutation } from '../../accounts/accountsApi';
import { useIdempotencyKeys } from '../../record-dialog/idempotencyKeys';
import {
  useCreateGoalMutation,
  useCreateProjectCommentMutation,
  useSaveGroupMutation,
  useSetGroupGoalsMutation,
  useShareProjectMutation,
  useUnshareProjectMutation,
} from './projectDetailsApi';
import { newFlowMemory, runProjectSave } from './projectSaveRunner';
import type { ProjectCommands, ProjectSaveInput } from './projectSaveRunner';

/**
 * §4 project save flow, explicit and safe to retry (see runProjectSave): the Idempotency-Keys, the
 * goals created and an account not yet stored are kept for the dialog's lifetime, so a retry repeats
 * no step that succeeded.
 */
export function useProjectSaveFlow() {
  const [saveGroup] = useSaveGroupMutation();
  const [createComment] = useCreateProjectCommentMutation();
  const [shareProject] = useShareProjectMutation();
  const [unshareProject] = useUnshareProjectMutation();
  const [createGoal] = useCreateGoalMutation();
  const [setGroupGoals] = useSetGroupGoalsMutation();
  const [createAccount] = useCreateAccountMutation();
  const withKey = useIdempotencyKeys();
  const [memory] = useState(newFlowMemory);
  const { t } = useTranslation('projects');

  const commands: ProjectCommands = {
    saveGroup: (data, idempotencyKey, source) => saveGroup({ data, idempotencyKey, source }).unwrap(),
    createComment: (data, idempotencyKey, source) => createComment({ data, idempotencyKey, source }).unwrap(),
    shareProject: (data, idempotencyKey, source) => shareProject({ data, idempotencyKey, source }).unwrap(),
    unshareProject: (data, idempotencyKey, source) =>
      unshareProject({ data, idempotencyKey, source }).unwrap(),
    createGoal: (data, idempotencyKey, source) => createGoal({ data, idempotencyKey, source }).unwrap(),
    setGroupGoals: (data, idempotencyKey, source) => setGroupGoals({ data, idempotencyKey, source }).unwrap(),
    createAccount: (data, idempotencyKey, source) => createAccount({ data, idempotencyKey, source }).unwrap(),
  };
  return (input: Omit<ProjectSaveInput, 't'>) => runProjectSave(commands, withKey, memory, { ...input, t });
}
