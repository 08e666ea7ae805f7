import { Badge } from '@mantine/core';
import { optionLabel } from '@fahrplan/contracts';
import type { OptionListKind } from '@fahrplan/contracts';
import { notListed, optionColour } from './optionData';
import { useOptionLists } from './useOptionLists';

/** A badge shows its whole label: a table column makes room for it rather than cutting it. */
const whole = { root: { overflow: 'visible', maxWidth: 'none' }, label: { overflow: 'visible' } };

/** A stored code as its label, in its option's colour (issue 19). */
export function OptionBadge({ kind, value }: { kind: OptionListKind; value: number | null }) {
  const lists = useOptionLists();
  if (value === null) return <>—</>;
  return (
    <Badge variant="light" color={optionColour(lists, kind, value)} tt="none" styles={whole}>
      {optionLabel(lists, kind, value, notListed)}
    </Badge>
  );
}
