import { ColorSwatch, Group, Select } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import type { OptionListKind } from '@fahrplan/contracts';
import { optionItems } from './optionData';
import { useOptionLists } from './useOptionLists';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'renderOption'> & {
  kind: OptionListKind;
  value: number;
  onChange: (value: number) => void;
};

/** A code chosen by its label from the tenant's list, each option with its colour (issue 19). */
export function OptionSelect({ kind, value, onChange, ...props }: Props) {
  const lists = useOptionLists();
  const items = optionItems(lists, kind, value);
  const colours = new Map(items.map((item) => [item.value, item.colour]));
  return (
    <Select
      {...props}
      data={items}
      value={String(value)}
      allowDeselect={false}
      onChange={(next) => next !== null && onChange(Number(next))}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${colours.get(option.value)}-6)`} size={12} aria-hidden />
          {option.label}
        </Group>
      )}
    />
  );
}
