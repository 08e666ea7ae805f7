import { groupDeleteRefusal } from '@fahrplan/contracts';
import type { GroupDetailsView } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../common/ConfirmDelete';
import { deleteWithUndo } from '../../common/undo';
import { projectDeleteSummary } from './projectDelete';
import {
  useDeleteGroupMutation,
  useGetProjectItemCountQuery,
  useRestoreGroupMutation,
} from './projectDetailsApi';
import type { ProjectRecord } from './projectForm';
import { sendOnce } from '../../api/commands';

/** The confirmation's text: counted when it opens, so that it names the items as they are now. */
function ProjectDeleteSummary({ group }: { group: GroupDetailsView }) {
  const { t } = useTranslation('projects');
  const { data } = useGetProjectItemCountQuery(group.id, { refetchOnMountOrArgChange: true });
  const lanes = group.subgroups.filter((lane) => lane.type === 'INDIVIDUAL').length;
  return projectDeleteSummary(group.title, data ?? null, lanes, t);
}

interface Props {
  group: GroupDetailsView;
  record: ProjectRecord;
  disabled: boolean;
  onDeleted: () => void;
}

/**
 * The project dialog's Delete: refused while subprojects or shares depend on the project (the server's
 * rule, contracts' sentence), else a soft delete of the project with its items and lanes, then Undo.
 */
export function DeleteProject({ group, record, disabled, onDeleted }: Props) {
  const { t } = useTranslation('projects');
  const [remove] = useDeleteGroupMutation();
  const [restore] = useRestoreGroupMutation();
  const title = group.title;
  return (
    <DeleteButton
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      consequences={<ProjectDeleteSummary group={group} />}
      refusal={groupDeleteRefusal(group.subprojects, group.shares)}
      disabled={disabled}
      onConfirm={async () => {
        await deleteWithUndo({
          message: t('delete.deleted', { title }),
          label: title,
          remove: () => sendOnce(remove, { id: record.id, version: record.version }),
          restore: (version) => sendOnce(restore, { id: record.id, version }),
        });
        onDeleted();
      }}
    />
  );
}
