import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Alert, Button, Divider, Group, Select, Stack, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { addDependencySchema, dependencyTypes, ranges } from '@fahrplan/contracts';
import type { DependencyLink, DependencyType } from '@fahrplan/contracts';
import { NumberField } from '../common/NumberField';
import type { NumberFieldValue } from '../common/numberField';
import { describeError } from '../common/problem';
import { RemoveButton } from '../common/RemoveButton';
import { SearchSelect, pickerData, usePickerSearch } from '../common/SearchSelect';
import {
  useAddDependencyMutation,
  useGetItemQuery,
  useRemoveDependencyMutation,
  useSearchItemsQuery,
} from './itemsApi';
import { sendOnce } from '../api/commands';

interface Props {
  itemId: number;
  editable: boolean;
}

/** Which end of a new dependency the item shown is. */
type Side = 'predecessors' | 'successors';

const typeLabel = (t: TFunction<'items'>, type: DependencyType) =>
  type === 'start-to-start' ? t('dependencies.type.startToStart') : t('dependencies.type.finishToStart');
const sideLabel = (t: TFunction<'items'>, side: Side) =>
  side === 'predecessors' ? t('dependencies.predecessors') : t('dependencies.successors');

const searchPage = 20;

/** One dependency: the item at its other end by title, its type and lag, and its remove button. */
function DependencyRow({
  link,
  editable,
  onRemove,
}: {
  link: DependencyLink;
  editable: boolean;
  onRemove: (title: string) => void;
}) {
  const { t } = useTranslation('items');
  const other = useGetItemQuery(link.item);
  const title = other.data?.title ?? `#${link.item}`;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" style={{ flex: 1 }}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {t('dependencies.shown', { type: typeLabel(t, link.type), count: link.lag })}
      </Text>
      {editable && (
        <RemoveButton label={t('dependencies.remove', { title })} onClick={() => onRemove(title)} />
      )}
    </Group>
  );
}

/**
 * The item dialog's Dependencies (issue 21): those it depends on and those that depend on it, each
 * removable, and a picker to add one; every change is a command of its own, stored at once.
 */
export function ItemDependencies({ itemId, editable }: Props) {
  const { t } = useTranslation('items');
  const item = useGetItemQuery(itemId).data;
  const [add, adding] = useAddDependencyMutation();
  const [remove] = useRemoveDependencyMutation();
  const { search, setSearch, query } = usePickerSearch();
  const found = useSearchItemsQuery(query.length >= 1 ? { q: query, limit: searchPage } : skipToken);
  const [other, setOther] = useState<string | null>(null);
  const [side, setSide] = useState<Side>('predecessors');
  const [type, setType] = useState<DependencyType>('finish-to-start');
  const [lag, setLag] = useState<NumberFieldValue | null>(0);
  const [error, setError] = useState<string | null>(null);

  const options = (found.data?.items ?? [])
    .filter((candidate) => candidate.id !== itemId)
    .map((candidate) => ({ value: String(candidate.id), label: candidate.title }));
  const run = async (command: () => Promise<unknown>) => {
    setError(null);
    try {
      await command();
      return true;
    } catch (e) {
      setError(describeError(e));
      return false;
    }
  };
  const onAdd = async () => {
    if (other === null) return;
    const ends =
      side === 'predecessors'
        ? { predecessor: Number(other), successor: itemId }
        : { predecessor: itemId, successor: Number(other) };
    const parsed = addDependencySchema.safeParse({ ...ends, type, lag: lag === '' ? 0 : lag });
    if (!parsed.success) {
      setError(t('dependencies.lagRange', { min: ranges.dependencyLag.min, max: ranges.dependencyLag.max }));
      return;
    }
    if (await run(() => sendOnce(add, parsed.data))) {
      setOther(null);
      setSearch('');
    }
  };
  const list = (which: Side) => {
    const links = item?.[which] ?? [];
    return (
      <Stack gap={4} aria-label={sideLabel(t, which)} role="group">
        <Text size="sm" fw={500}>
          {sideLabel(t, which)}
        </Text>
        {links.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('dependencies.none')}
          </Text>
        ) : (
          links.map((link) => (
            <DependencyRow
              key={link.id}
              link={link}
              editable={editable}
              onRemove={() => void run(() => sendOnce(remove, { id: link.id, version: link.version }))}
            />
          ))
        )}
      </Stack>
    );
  };

  return (
    <Stack gap="sm">
      <Divider label={t('dependencies.title')} labelPosition="left" />
      {list('predecessors')}
      {list('successors')}
      {editable && (
        <Group align="end" gap="xs">
          <Select
            label={t('dependencies.side')}
            data={[
              { value: 'predecessors', label: t('dependencies.dependsOn') },
              { value: 'successors', label: t('dependencies.isDependedOn') },
            ]}
            allowDeselect={false}
            value={side}
            onChange={(next) => setSide((next as Side | null) ?? 'predecessors')}
            w={180}
          />
          <SearchSelect
            label={t('dependencies.other')}
            placeholder={t('dependencies.searchItem')}
            data={pickerData([], [], options)}
            value={other}
            onChange={setOther}
            search={search}
            onSearchChange={setSearch}
            searching={found.isFetching}
            style={{ flex: 1 }}
          />
          <Select
            label={t('dependencies.typeLabel')}
            data={dependencyTypes.map((value) => ({
              value,
              label: typeLabel(t, value),
            }))}
            allowDeselect={false}
            value={type}
            onChange={(next) => setType((next as DependencyType | null) ?? 'finish-to-start')}
            w={170}
          />
          <NumberField
            label={t('dependencies.lag')}
            range={ranges.dependencyLag}
            value={lag}
            onChange={setLag}
            w={150}
          />
          <Button onClick={() => void onAdd()} disabled={other === null} loading={adding.isLoading}>
            {t('dependencies.add')}
          </Button>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
