import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tree,
  useTree,
} from '@mantine/core';
import type { RenderTreeNodePayload } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconChevronDown, IconChevronRight, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { createGoalSchema, limits } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';
import type { CreateGoalData } from '@fahrplan/contracts';
import { zodValidate } from '../../common/zodValidate';
import { chooserTree, flattenGoalTree, parentGoalOptions } from './goalTree';
import type { ChooserNode, GoalKey, GoalTreeNode } from './goalTree';

interface Props {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly tree: readonly GoalTreeNode[];
  readonly assigned: readonly GoalKey[];
  readonly onAssign: (goal: GoalKey) => void;
  readonly onCreate: (goal: CreateGoalData) => void;
}

interface NewGoalValues {
  name: string;
  parent: string | null;
  description: string;
}

const toCreateGoal = (v: NewGoalValues) => ({
  name: v.name,
  parent: v.parent === null ? null : Number(v.parent),
  description: v.description,
});

/** §2 goal chooser: the tenant's goal tree to assign from, with a search and a form for a new goal. */
export function GoalChooser({ opened, onClose, tree, assigned, onAssign, onCreate }: Props) {
  const { t } = useTranslation('projects');
  const [query, setQuery] = useState('');
  const data = useMemo(() => chooserTree(tree, assigned, query), [tree, assigned, query]);
  // Controlled: goals start expanded (trees are shallow, and search hits should show), and a goal the
  // user collapsed stays collapsed while a search hides and shows it again (Tree forgets hidden nodes).
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const expandedState = useMemo(
    () =>
      Object.fromEntries(
        flattenGoalTree(tree).map((n) => [String(n.goal.id), !collapsed.has(String(n.goal.id))]),
      ),
    [tree, collapsed],
  );
  const treeController = useTree({
    expandedState,
    onExpandedStateChange: (state) =>
      setCollapsed((current) => {
        const next = new Set(current);
        for (const [value, open] of Object.entries(state)) {
          if (open) next.delete(value);
          else next.add(value);
        }
        return next;
      }),
  });

  return (
    <Modal stackId="goal-chooser" opened={opened} onClose={onClose} title={t('strategy.addGoal')} size="lg">
      <Stack>
        <TextInput
          label={t('chooser.search')}
          placeholder={t('chooser.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          rightSection={
            query && (
              <ActionIcon variant="subtle" aria-label={t('chooser.clearSearch')} onClick={() => setQuery('')}>
                <IconX size={14} />
              </ActionIcon>
            )
          }
          data-autofocus
        />
        <ScrollArea.Autosize mah={320} type="auto">
          {data.length === 0 ? (
            <Text c="dimmed" size="sm">
              {tree.length === 0 ? t('chooser.noGoals') : t('chooser.noMatch')}
            </Text>
          ) : (
            <Tree
              data={data}
              tree={treeController}
              levelOffset="lg"
              aria-label={t('chooser.goals')}
              renderNode={(payload) => <GoalRow payload={payload} onAssign={onAssign} />}
            />
          )}
        </ScrollArea.Autosize>
        <Divider />
        <NewGoalForm tree={tree} onCreate={onCreate} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('chooser.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function GoalRow({
  payload,
  onAssign,
}: {
  payload: RenderTreeNodePayload;
  onAssign: (goal: GoalKey) => void;
}) {
  const { t } = useTranslation('projects');
  const { node, expanded, hasChildren, elementProps } = payload;
  const { goal, selectable, assigned } = (node as unknown as ChooserNode).nodeProps;
  return (
    <Group gap={6} wrap="nowrap" py={2} {...elementProps}>
      {hasChildren ? (
        expanded ? (
          <IconChevronDown size={14} aria-hidden />
        ) : (
          <IconChevronRight size={14} aria-hidden />
        )
      ) : (
        <span style={{ width: 14 }} />
      )}
      <Text size="sm" c={selectable || assigned ? undefined : 'dimmed'} style={{ flex: 1 }}>
        {node.label}
      </Text>
      {assigned && (
        <Badge size="sm" variant="light" color="gray">
          {t('chooser.assigned')}
        </Badge>
      )}
      {selectable && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={12} />}
          aria-label={t('chooser.assignGoal', { label: String(node.label) })}
          onClick={(e) => {
            // The row's own click toggles expansion; assigning must not.
            e.stopPropagation();
            onAssign(goal);
          }}
        >
          {t('chooser.assign')}
        </Button>
      )}
    </Group>
  );
}

function NewGoalForm({
  tree,
  onCreate,
}: {
  tree: readonly GoalTreeNode[];
  onCreate: (goal: CreateGoalData) => void;
}) {
  const { t } = useTranslation('projects');
  const form = useForm<NewGoalValues>({
    initialValues: { name: '', parent: null, description: '' },
    validate: zodValidate(createGoalSchema, toCreateGoal),
  });
  const parents = useMemo(() => parentGoalOptions(tree), [tree]);
  const submit = form.onSubmit((values) => {
    onCreate(createGoalSchema.parse(toCreateGoal(values)));
    form.reset();
  });
  return (
    <form
      onSubmit={(event) => {
        // React bubbles events through the portal to the project dialog's own form: keep this submit here.
        event.stopPropagation();
        submit(event);
      }}
    >
      <Stack gap="xs">
        <Title order={5}>{t('chooser.newGoal')}</Title>
        <Text size="xs" c="dimmed">
          {t('chooser.newGoalHint')}
        </Text>
        <Group grow align="flex-start">
          <TextInput
            label={t('chooser.name')}
            withAsterisk
            maxLength={limits.title}
            {...form.getInputProps('name')}
          />
          <Select
            label={t('chooser.parent')}
            placeholder={t('chooser.parentPlaceholder')}
            data={parents}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('parent')}
          />
        </Group>
        <Textarea
          label={t('chooser.description')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={limits.description}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" leftSection={<IconPlus size={14} />}>
            {t('chooser.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
