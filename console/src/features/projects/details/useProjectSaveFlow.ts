import { useState } from 'react';
import { useCreateAccountMutation } from '../../accounts/accountsApi';
import { useIdempotencyKeys } from '../../applications/details/useApplicationSaveFlow';
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

  const commands: ProjectCommands = {
    saveGroup: (data, idempotencyKey) => saveGroup({ data, idempotencyKey }).unwrap(),
    createComment: (data, idempotencyKey) => createComment({ data, idempotencyKey }).unwrap(),
    shareProject: (data, idempotencyKey) => shareProject({ data, idempotencyKey }).unwrap(),
    unshareProject: (data, idempotencyKey) => unshareProject({ data, idempotencyKey }).unwrap(),
    createGoal: (data, idempotencyKey) => createGoal({ data, idempotencyKey }).unwrap(),
    setGroupGoals: (data, idempotencyKey) => setGroupGoals({ data, idempotencyKey }).unwrap(),
    createAccount: (data, idempotencyKey) => createAccount({ data, idempotencyKey }).unwrap(),
  };
  return (input: ProjectSaveInput) => runProjectSave(commands, withKey, memory, input);
}
