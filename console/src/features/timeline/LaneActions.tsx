import { useState } from 'react';
import type { FormEvent, ReactNode, SyntheticEvent } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  IconDiamond,
  IconDots,
  IconExternalLink,
  IconPencil,
  IconPlus,
  IconRowInsertBottom,
  IconTrash,
} from '@tabler/icons-react';
import { useConfirmedAction } from '../common/useConfirmedAction';
import { useReturnFocus } from '../common/useReturnFocus';
import { parseLaneName } from './laneEditing';
import type { LaneRow } from './timelineRows';

// The dropdowns render in a portal, but React events still bubble to the timeline: a press in a menu
// must neither start a pan nor reach a lane's double-click.
const stop = (event: SyntheticEvent) => event.stopPropagation();

export interface ProjectActionsProps {
  row: LaneRow;
  onOpenProject: (groupId: number) => void;
  onNewItem: (groupId: number, milestone: boolean) => void;
  onAddLane: (row: LaneRow) => void;
}

/** A row's actions behind a dots button, the dropdown kept from the timeline's own pointer handling. */
function RowActionsMenu({ label, small, children }: { label: string; small?: boolean; children: ReactNode }) {
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          size={small ? 'xs' : 'sm'}
          variant="subtle"
          color="gray"
          aria-label={label}
          style={{ flex: 'none' }}
        >
          <IconDots size={small ? 12 : 14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onPointerDown={stop} onDoubleClick={stop} onKeyDown={stop}>
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The project's actions beside its title on the timeline. */
export function ProjectActionsMenu({ row, onOpenProject, onNewItem, onAddLane }: ProjectActionsProps) {
  const { t } = useTranslation('timeline');
  return (
    <RowActionsMenu label={t('projectMenu.label', { project: row.groupTitle })}>
      <Menu.Item leftSection={<IconExternalLink size={14} />} onClick={() => onOpenProject(row.groupId)}>
        {t('projectMenu.openProject')}
      </Menu.Item>
      <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => onNewItem(row.groupId, false)}>
        {t('projectMenu.newTask')}
      </Menu.Item>
      <Menu.Item leftSection={<IconDiamond size={14} />} onClick={() => onNewItem(row.groupId, true)}>
        {t('projectMenu.newMilestone')}
      </Menu.Item>
      <Menu.Item leftSection={<IconRowInsertBottom size={14} />} onClick={() => onAddLane(row)}>
        {t('projectMenu.addLane')}
      </Menu.Item>
    </RowActionsMenu>
  );
}

/** An INDIVIDUAL lane's actions beside its name. */
export function LaneActionsMenu({
  row,
  onRename,
  onRemove,
}: {
  row: LaneRow;
  onRename: (row: LaneRow) => void;
  onRemove: (row: LaneRow) => void;
}) {
  const { t } = useTranslation('timeline');
  return (
    <RowActionsMenu label={t('laneMenu.label', { lane: row.laneName })} small>
      <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onRename(row)}>
        {t('laneMenu.rename')}
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onRemove(row)}>
        {t('laneMenu.remove')}
      </Menu.Item>
    </RowActionsMenu>
  );
}

export interface LaneNameDialogProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  onClose: () => void;
  /** Sends the command; a rejection (e.g. a duplicate name) is shown under the field. */
  onSubmit: (name: string) => Promise<unknown>;
}

/** The name of a new or renamed lane; Enter submits. Mount it only while open, so it starts afresh. */
export function LaneNameDialog({
  title,
  submitLabel,
  initialName = '',
  onClose,
  onSubmit,
}: LaneNameDialogProps) {
  useReturnFocus();
  const { t } = useTranslation('timeline');
  const [value, setValue] = useState(initialName);
  const { busy, error, setError, run } = useConfirmedAction(onSubmit, onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLaneName(value);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    await run(parsed.name);
  };

  return (
    <Modal opened onClose={onClose} title={title} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextInput
          label={t('laneDialog.name')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('laneDialog.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
