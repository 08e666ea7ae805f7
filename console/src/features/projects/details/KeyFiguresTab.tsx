import { Accordion, Alert, Badge, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { importanceWeights, maxMetricValue, metricLimits } from '@fahrplan/contracts';
import type { MetricType } from '@fahrplan/contracts';
import {
  applyRatingChange,
  keyFigureSliders,
  priorityRawSum,
  prioritySummary,
  ratingName,
  ratingTypeLabels,
  ratingTypeWeights,
  ratingTypes,
  ratingValue,
} from './keyFigures';
import { ScaleSlider } from './keyFiguresSlider';
import type { KeyFiguresTabProps } from './tabTypes';

const formatNumber = (n: number) => String(Math.round(n * 100) / 100);

/** §2 key figures: metric sliders and the collapsible priority pane (§5 inconsistency, §9 formula). */
export function KeyFiguresTab({ value, onChange, editable, admin }: KeyFiguresTabProps) {
  const { priority, inconsistent } = prioritySummary(value);
  // Open by default when the stored metric4 disagrees with the ratings, so the user sees why.
  const [openPane, setOpenPane] = useState<string | null>(inconsistent ? 'priority' : null);
  const [overwritten, setOverwritten] = useState<{ from: number; to: number } | null>(null);

  const changeRating = (type: MetricType, next: number) => {
    const change = applyRatingChange(value, type, next);
    if (change.metric4Overwritten) {
      // Keep the value from before the first overwrite so the notice says what was lost.
      setOverwritten((o) => ({ from: o?.from ?? value.metric4, to: change.next.metric4 }));
    }
    onChange(change.next);
  };

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        {keyFigureSliders(admin).map(({ key, label, max }) => (
          <ScaleSlider
            key={key}
            label={label}
            name={label}
            max={max}
            value={value[key]}
            disabled={!editable}
            onChange={(v) => onChange({ ...value, [key]: v })}
          />
        ))}
      </SimpleGrid>
      {!admin && (
        <Text size="sm">
          Metric 4 (priority): <b>{value.metric4}</b>
        </Text>
      )}

      {/* Gone once metric4 moves by hand: the notice would name a value it no longer has. */}
      {overwritten && overwritten.from !== overwritten.to && overwritten.to === value.metric4 && (
        <Alert
          color="orange"
          icon={<IconInfoCircle />}
          title="Metric 4 overwritten"
          withCloseButton
          closeButtonLabel="dismiss"
          onClose={() => setOverwritten(null)}
        >
          Changing the ratings recomputed the priority and overwrote metric 4: was {overwritten.from}, now{' '}
          {overwritten.to}.
        </Alert>
      )}
      {inconsistent && (
        <Alert color="yellow" icon={<IconAlertTriangle />} title="Priority inconsistent" role="status">
          The calculated priority ({priority}) differs from metric 4 ({value.metric4}).
          {priority > metricLimits.metric4
            ? ` Metric 4 goes up to ${metricLimits.metric4} only.`
            : editable
              ? ' Changing a rating in the priority details overwrites metric 4 with the priority.'
              : ''}
        </Alert>
      )}

      <Accordion variant="contained" value={openPane} onChange={setOpenPane}>
        <Accordion.Item value="priority">
          <Accordion.Control>
            <Group gap="xs">
              <Text fw={500}>Priority details</Text>
              <Badge variant="light" color={inconsistent ? 'yellow' : 'blue'}>
                priority {priority}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <PriorityPane value={value} priority={priority} editable={editable} onRating={changeRating} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

interface PaneProps {
  readonly value: KeyFiguresTabProps['value'];
  readonly priority: number;
  readonly editable: boolean;
  readonly onRating: (type: MetricType, value: number) => void;
}

function PriorityPane({ value, priority, editable, onRating }: PaneProps) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        {ratingTypes.map((type) => (
          <ScaleSlider
            key={type}
            label={
              <>
                {type}{' '}
                <Text span size="sm" c="dimmed">
                  ({ratingTypeLabels[type]})
                </Text>
              </>
            }
            name={ratingName(type)}
            hint={ratingTypeWeights[type]}
            max={maxMetricValue}
            value={ratingValue(value.metrics, type)}
            disabled={!editable}
            onChange={(v) => onRating(type, v)}
          />
        ))}
      </SimpleGrid>
      <Text size="sm">
        Calculated priority:{' '}
        <b>
          {formatNumber(priorityRawSum(value.metrics))} → {priority}
        </b>
      </Text>
      <Text size="sm" c="dimmed" component="div">
        How the priority is calculated:
        <List size="sm" c="dimmed">
          <List.Item>
            WICHTIGKEIT (importance) counts on the scale {importanceWeights.join(', ')} for the values 0 to{' '}
            {maxMetricValue};
          </List.Item>
          <List.Item>ARCHITEKTUR, BETRIEB and GESCHAEFTSPROZESSE add a third of their value each;</List.Item>
          <List.Item>DRINGLICHKEIT (urgency) does not count;</List.Item>
          <List.Item>the sum is rounded, halves up.</List.Item>
        </List>
        Changing a rating overwrites metric 4 with the priority (at most {metricLimits.metric4}).
      </Text>
    </Stack>
  );
}
