import { useState } from 'react';
import type { ReactNode } from 'react';
import { Anchor, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { HistoryRow } from '@fahrplan/contracts';
import { fieldLabel } from '../as-of/compareWithNow';
import { useOptionLists } from '../options/useOptionLists';
import { changeLine, truncateText } from './historyFormat';

/** A small text button that shows more or less; aria-expanded tells which. */
function FoldToggle({
  open,
  onToggle,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <Anchor component="button" type="button" size="xs" onClick={onToggle} aria-expanded={open}>
      {children}
    </Anchor>
  );
}

/** A value of a change: long texts cut, with a button that shows the whole. */
function ChangeValue({ value, label }: { value: string; label: 'before' | 'after' }) {
  const [whole, setWhole] = useState(false);
  const { text, truncated } = truncateText(value);
  return (
    <Text span size="sm" style={{ wordBreak: 'break-word' }}>
      {/* screen readers hear which side is which; the arrow between is only for the eye */}
      <VisuallyHidden data-sr-only>{label}: </VisuallyHidden>
      {whole ? value : text}
      {truncated && (
        <>
          {' '}
          <FoldToggle open={whole} onToggle={() => setWhole((w) => !w)}>
            {whole ? 'show less' : 'show all'}
          </FoldToggle>
        </>
      )}
    </Text>
  );
}

/** A change with many fields (a creation) lists its first ones until asked for all. */
const FIELDS_SHOWN = 5;

/** A row's changed fields, before → after; the field filtered by first. */
export function ChangeList({ row, field }: { row: HistoryRow; field: string | null }) {
  const [all, setAll] = useState(false);
  const lists = useOptionLists();
  if (row.changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        no field changes
      </Text>
    );
  const folded = !all && row.changes.length > FIELDS_SHOWN + 1;
  // the field filtered by comes first, so folding never hides it
  const changes = field
    ? [...row.changes].sort((a, b) => Number(b.field === field) - Number(a.field === field))
    : row.changes;
  const shown = folded ? changes.slice(0, FIELDS_SHOWN) : changes;
  return (
    <Stack gap={4} align="flex-start">
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((change) => {
          const line = changeLine(change, row.stream, lists);
          return (
            <li key={change.field} data-field={change.field}>
              <Text span size="sm" fw={600}>
                {fieldLabel(line.field)}
              </Text>
              <Text span size="sm">
                :{' '}
              </Text>
              <ChangeValue value={line.before} label="before" />
              <Text span size="sm" c="dimmed" aria-hidden>
                {' → '}
              </Text>
              <ChangeValue value={line.after} label="after" />
            </li>
          );
        })}
      </Stack>
      {row.changes.length > FIELDS_SHOWN + 1 && (
        <FoldToggle open={all} onToggle={() => setAll((a) => !a)}>
          {all ? 'show fewer fields' : `show all ${row.changes.length} fields`}
        </FoldToggle>
      )}
    </Stack>
  );
}
