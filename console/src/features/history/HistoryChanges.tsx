import { useState } from 'react';
import type { ReactNode } from 'react';
import { Anchor, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { HistoryPage, HistoryRow } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';
import { useOptionLists } from '../options/useOptionLists';
import { changeLine, listEntryText, shownChanges, truncateText, viaLine } from './historyFormat';
import type { ListEntry, Shown } from './historyFormat';

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

/** A referenced record's name, as a link that opens its dialog (on the page the History tab is on). */
function RecordName({ shown }: { shown: Shown }) {
  const { search } = useLocation();
  if (shown.link === null) return <>{shown.text}</>;
  const params = new URLSearchParams(search);
  params.set(shown.link.param, String(shown.link.id));
  return (
    <Anchor component={Link} to={{ search: `?${params}` }} size="sm" data-record-link={shown.link.param}>
      {shown.text}
    </Anchor>
  );
}

/** A value of a change: long texts cut, with a button that shows the whole; a reference as its link. */
function ChangeValue({ value, side }: { value: Shown; side: 'before' | 'after' }) {
  const { t } = useTranslation('history');
  const [whole, setWhole] = useState(false);
  const { text, truncated } = truncateText(value.text);
  return (
    <Text span size="sm" style={{ wordBreak: 'break-word' }}>
      {/* screen readers hear which side is which; the arrow between is only for the eye */}
      <VisuallyHidden data-sr-only>
        {side === 'before' ? t('changes.beforeLabel') : t('changes.afterLabel')}
      </VisuallyHidden>
      {value.link ? <RecordName shown={value} /> : whole ? value.text : text}
      {truncated && (
        <>
          {' '}
          <FoldToggle open={whole} onToggle={() => setWhole((w) => !w)}>
            {whole ? t('changes.showLess') : t('changes.showAll')}
          </FoldToggle>
        </>
      )}
    </Text>
  );
}

/** A list's added, removed and changed elements, one line each; a referenced element as its link. */
function ListEntries({ entries }: { entries: readonly ListEntry[] }) {
  const { t } = useTranslation('history');
  if (entries.length === 0)
    return (
      <Text span size="sm" c="dimmed">
        {t('changes.reordered')}
      </Text>
    );
  return (
    <Stack gap={0} component="ul" m={0} pl="md">
      {entries.map((entry) => {
        const text = listEntryText(entry);
        const name = text.indexOf(entry.name.text);
        return (
          <Text component="li" size="sm" key={`${entry.change}-${text}`} data-change={entry.change}>
            {entry.name.link && name >= 0 ? (
              <>
                {text.slice(0, name)}
                <RecordName shown={entry.name} />
                {text.slice(name + entry.name.text.length)}
              </>
            ) : (
              text
            )}
          </Text>
        );
      })}
    </Stack>
  );
}

/** A change with many fields (a creation) lists its first ones until asked for all. */
const FIELDS_SHOWN = 5;

/** A row's changed fields, before → after; the field filtered by first. */
export function ChangeList({
  row,
  field,
  refs,
}: {
  row: HistoryRow;
  field: string | null;
  /** The names of the records the loaded pages refer to. */
  refs: HistoryPage['refs'];
}) {
  const { t } = useTranslation('history');
  const [all, setAll] = useState(false);
  const lists = useOptionLists();
  const context = { stream: row.stream, position: row.position, lists, refs, t };
  const via = viaLine(row, context);
  if (via)
    return (
      <Text size="sm" data-field="deleted" data-via={row.via?.category}>
        {via.text} <RecordName shown={via.record} />
      </Text>
    );
  if (row.changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('changes.noFieldChanges')}
      </Text>
    );
  const listed = shownChanges(row.changes);
  const folded = !all && listed.length > FIELDS_SHOWN + 1;
  // the field filtered by comes first, so folding never hides it
  const changes = field
    ? [...listed].sort((a, b) => Number(b.field === field) - Number(a.field === field))
    : listed;
  const shown = folded ? changes.slice(0, FIELDS_SHOWN) : changes;
  return (
    <Stack gap={4} align="flex-start">
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((change) => {
          const line = changeLine(change, context);
          return (
            <li key={change.field} data-field={change.field}>
              <Text span size="sm" fw={600}>
                {line.label}
              </Text>
              <Text span size="sm">
                {t('changes.labelSeparator')}
              </Text>
              {line.kind === 'list' ? (
                <ListEntries entries={line.entries} />
              ) : (
                <>
                  <ChangeValue value={line.before} side="before" />
                  <Text span size="sm" c="dimmed" aria-hidden>
                    {' → '}
                  </Text>
                  <ChangeValue value={line.after} side="after" />
                </>
              )}
            </li>
          );
        })}
      </Stack>
      {listed.length > FIELDS_SHOWN + 1 && (
        <FoldToggle open={all} onToggle={() => setAll((a) => !a)}>
          {all ? t('changes.showFewerFields') : t('changes.showAllFields', { count: listed.length })}
        </FoldToggle>
      )}
    </Stack>
  );
}
