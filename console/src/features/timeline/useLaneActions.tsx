import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../auth/permissions';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { ReturnsFocus } from '../common/useReturnFocus';
import { deleteWithUndo } from '../common/undo';
import {
  useAddSubgroupMutation,
  useRemoveSubgroupMutation,
  useRenameSubgroupMutation,
  useRestoreSubgroupMutation,
} from '../items/itemsApi';
import { useOpenItemDialog } from '../items/useOpenItemDialog';
import { useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { LaneActionsMenu, LaneNameDialog, ProjectActionsMenu } from './LaneActions';
import { canManageLanes, canRenameLane } from './laneEditing';
import type { LaneRow } from './timelineRows';

/** The open lane dialog: a new lane in a project, or a new name for one of its INDIVIDUAL lanes, or its removal. */
type LaneDialog = { mode: 'add' | 'rename' | 'remove'; row: LaneRow };

/**
 * The project menu (open, new task/milestone, add lane) and the lane menu (rename, remove), with their
 * dialog; a removed lane can be restored right after (Undo).
 */
export function useLaneActions() {
  const { t } = useTranslation('timeline');
  const canEditGroups = useCan('group-details', 'EDIT');
  const items = useOpenItemDialog();
  const projects = useOpenProjectDialog();
  const [addSubgroup] = useAddSubgroupMutation();
  const [renameSubgroup] = useRenameSubgroupMutation();
  const [removeSubgroup] = useRemoveSubgroupMutation();
  const [restoreSubgroup] = useRestoreSubgroupMutation();
  const [dialog, setDialog] = useState<LaneDialog | null>(null);

  const { openExisting } = projects;
  const { create } = items;
  const onNewItem = useCallback(
    (group: number, milestone: boolean) =>
      void create({ group, subgroup: milestone ? 'milestones' : 'tasks', milestone }),
    [create],
  );
  const projectActions = useCallback(
    (row: LaneRow) =>
      canManageLanes(row, canEditGroups) ? (
        <ProjectActionsMenu
          row={row}
          onOpenProject={openExisting}
          onNewItem={onNewItem}
          onAddLane={(r) => setDialog({ mode: 'add', row: r })}
        />
      ) : null,
    [canEditGroups, openExisting, onNewItem],
  );
  const laneActions = useCallback(
    (row: LaneRow) =>
      canRenameLane(row, canEditGroups) ? (
        <LaneActionsMenu
          row={row}
          onRename={(r) => setDialog({ mode: 'rename', row: r })}
          onRemove={(r) => setDialog({ mode: 'remove', row: r })}
        />
      ) : null,
    [canEditGroups],
  );

  const close = useCallback(() => setDialog(null), []);
  const removeLane = ({ groupId: id, laneId: subgroup, laneName }: LaneRow) =>
    deleteWithUndo({
      message: t('laneRemove.removed', { lane: laneName }),
      label: t('laneRemove.undoLabel', { lane: laneName }),
      remove: () => removeSubgroup({ data: { id, subgroup }, idempotencyKey: crypto.randomUUID() }).unwrap(),
      restore: () =>
        restoreSubgroup({ data: { id, subgroup }, idempotencyKey: crypto.randomUUID() }).unwrap(),
    });
  const laneDialog =
    dialog === null ? null : dialog.mode === 'remove' ? (
      <ReturnsFocus>
        <ConfirmDelete
          opened
          title={t('laneRemove.title')}
          confirmLabel={t('laneRemove.confirm')}
          consequences={t('laneRemove.consequences', {
            lane: dialog.row.laneName,
            project: dialog.row.groupTitle,
          })}
          onConfirm={() => removeLane(dialog.row)}
          onClose={close}
        />
      </ReturnsFocus>
    ) : dialog.mode === 'add' ? (
      <LaneNameDialog
        title={t('laneDialog.addTitle', { project: dialog.row.groupTitle })}
        submitLabel={t('laneDialog.add')}
        onClose={close}
        onSubmit={(name) =>
          addSubgroup({
            data: { id: dialog.row.groupId, name },
            idempotencyKey: crypto.randomUUID(),
          }).unwrap()
        }
      />
    ) : (
      <LaneNameDialog
        title={t('laneDialog.renameTitle', { lane: dialog.row.laneName })}
        submitLabel={t('laneDialog.rename')}
        initialName={dialog.row.laneName}
        onClose={close}
        onSubmit={(name) =>
          renameSubgroup({
            data: { id: dialog.row.groupId, subgroup: dialog.row.laneId, name },
            idempotencyKey: crypto.randomUUID(),
          }).unwrap()
        }
      />
    );
  return { projectActions, laneActions, laneDialog };
}
