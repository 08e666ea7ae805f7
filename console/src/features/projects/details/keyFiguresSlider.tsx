import { Badge, Group, Slider, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';

interface Props {
  readonly label: ReactNode;
  /** The thumb's accessible name: the label as plain text. */
  readonly name: string;
  readonly value: number;
  readonly max: number;
  readonly onChange: (value: number) => void;
  readonly disabled: boolean;
  readonly hint?: ReactNode;
  /** Shown beside the label, e.g. a remove button. */
  readonly action?: ReactNode;
}

/** A labelled whole-number slider from 0 to `max` with a mark per value (the §9 scales are short). */
export function ScaleSlider({ label, name, value, max, onChange, disabled, hint, action }: Props) {
  const labelId = useId();
  const marks = Array.from({ length: max + 1 }, (_, v) => ({ value: v, label: String(v) }));
  return (
    <Stack gap={4} mb="md">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text id={labelId} size="sm" fw={500} style={{ flex: 1 }}>
          {label}
        </Text>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Badge variant="light" aria-hidden>
            {value}
          </Badge>
          {action}
        </Group>
      </Group>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      <Slider
        min={0}
        max={max}
        step={1}
        marks={marks}
        value={value}
        onChange={onChange}
        disabled={disabled}
        thumbLabel={name}
        thumbProps={{ 'aria-describedby': labelId }}
        label={(v) => String(v)}
      />
    </Stack>
  );
}
