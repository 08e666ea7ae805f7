import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { metricLimits } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';
import { GoalChooser } from './GoalChooser';
import { GoalSunburst } from './GoalSunburst';
import {
  addPendingGoal,
  assignGoal,
  buildGoalTree,
  goalLabel,
  goalNodes,
  removeGoal,
  setGoalValue,
} from './goalTree';
import type { GoalKey } from './goalTree';
import { ScaleSlider } from './keyFiguresSlider';
import type { StrategyTabProps } from './tabTypes';

/** §2 strategy: a 0–9 slider per assigned goal, the add-goal chooser and the goal sunburst. */
export function StrategyTab({ goals, value, onChange, editable }: StrategyTabProps) {
  const { t } = useTranslation('projects');
  const [choosing, setChoosing] = useState(false);
  const nodes = useMemo(() => goalNodes(goals, value.pending), [goals, value.pending]);
  const tree = useMemo(() => buildGoalTree(nodes), [nodes]);
  const sunburstGoals = useMemo(
    () => [...goals, ...value.pending.map((p) => ({ id: p.key, name: p.name, parent: p.parent }))],
    [goals, value.pending],
  );
  const values = useMemo(
    () => new Map<GoalKey, number>(value.assigned.map((a) => [a.goal, a.value])),
    [value],
  );
  const pendingKeys = new Set(value.pending.map((p) => p.key));

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{t('strategy.goalsOfProject')}</Title>
          {editable && (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setChoosing(true)}
            >
              {t('strategy.addGoal')}
            </Button>
          )}
        </Group>
        {value.assigned.length === 0 ? (
          <Paper withBorder p="md" c="dimmed">
            <Text size="sm">{editable ? t('strategy.noGoalsEditable') : t('strategy.noGoals')}</Text>
          </Paper>
        ) : (
          value.assigned.map(({ goal, value: goalValue }) => {
            const label = goalLabel(nodes, goal, t);
            return (
              <ScaleSlider
                key={String(goal)}
                label={
                  <>
                    {label}{' '}
                    {pendingKeys.has(String(goal)) && (
                      <Badge size="xs" variant="light" color="yellow">
                        {t('strategy.newBadge')}
                      </Badge>
                    )}
                  </>
                }
                name={label}
                max={metricLimits.goal}
                value={goalValue}
                disabled={!editable}
                onChange={(v) => onChange(setGoalValue(value, goal, v))}
                action={
                  editable && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('strategy.removeGoal', { label })}
                      onClick={() => onChange(removeGoal(value, goal))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )
                }
              />
            );
          })
        )}
      </Stack>
      <GoalSunburst goals={sunburstGoals} values={values} />
      {editable && (
        <GoalChooser
          opened={choosing}
          onClose={() => setChoosing(false)}
          tree={tree}
          assigned={value.assigned.map((a) => a.goal)}
          onAssign={(goal) => onChange(assignGoal(value, goal))}
          onCreate={(goal) => onChange(addPendingGoal(value, goal))}
        />
      )}
    </SimpleGrid>
  );
}
