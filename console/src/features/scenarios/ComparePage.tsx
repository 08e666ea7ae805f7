import { useMemo, useState } from 'react';
import { Alert, Group, Loader, MultiSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { pageItems } from '../api/pages';
import { LoadError } from '../common/CataloguePage';
import { EmptyState } from '../common/EmptyState';
import { LoadMore, morePages } from '../common/LoadMore';
import { SectionHeader } from '../common/SectionHeader';
import { TableHeader } from '../common/TableHeader';
import { formatDateTime } from '../common/dateTime';
import { formatNumber } from '../common/numbers';
import { useAddressParams } from '../common/urlParams';
import { useOptionLists } from '../options/useOptionLists';
import { optionLabel } from '@fahrplan/contracts';
import type { OptionLists } from '@fahrplan/contracts';
import { RecordDifferences } from './RecordDifferences';
import { chosenMilestones, comparedSides, differsFromLive, joinedPages, totalsLines } from './comparison';
import type { TotalsLine } from './comparison';
import { comparedIds, maxCompared } from './scenarioPaths';
import {
  useGetScenarioDiffPagesInfiniteQuery,
  useGetScenarioPagesInfiniteQuery,
  useGetScenarioQuery,
  useSearchMilestonesQuery,
} from './scenariosApi';
import { TotalsChart } from './TotalsChart';

/**
 * One compared scenario: its record (for its name) and its diff with the live plan, the records of
 * every page loaded so far (conflicts first) with the totals of the first.
 */
function useSide(id: number | undefined, milestones: readonly number[]) {
  const skip = id === undefined;
  const scenario = useGetScenarioQuery(id ?? 0, { skip });
  const pages = useGetScenarioDiffPagesInfiniteQuery({ id: id ?? 0, milestones }, { skip });
  const data = useMemo(() => joinedPages(pages.data?.pages), [pages.data]);
  const diff = { data, isLoading: pages.isLoading, isError: pages.isError, error: pages.error };
  return { id, scenario, diff, more: morePages(pages) };
}

const lineLabel = (line: TotalsLine, t: TFunction<'scenarios'>, lists: OptionLists) => {
  switch (line.kind) {
    case 'budget':
      return t('compare.budget');
    case 'effort':
      return t('compare.effort');
    case 'status':
      return t('compare.status', { status: optionLabel(lists, 'projectStatus', Number(line.subject)) });
    case 'priority':
      return t('compare.priority', { priority: line.subject });
    case 'milestone':
      return t('compare.milestone', { title: line.subject });
  }
};

const valueText = (value: number | string | null, t: TFunction<'scenarios'>) =>
  value === null
    ? t('compare.none')
    : typeof value === 'number'
      ? formatNumber(value)
      : formatDateTime(value);

/** The milestones whose dates the totals compare: searched by title on the live plan. */
function MilestonePicker({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('scenarios');
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<Record<string, string>>({});
  const found = useSearchMilestonesQuery(search.trim(), { skip: search.trim() === '' });
  const options = [
    ...value.map((id) => ({ value: String(id), label: known[id] ?? `#${id}` })),
    ...(found.data ?? [])
      .filter((item) => !value.includes(item.id))
      .map((item) => ({ value: String(item.id), label: item.title })),
  ];
  return (
    <MultiSelect
      label={t('compare.milestones')}
      description={t('compare.milestonesHint')}
      placeholder={t('compare.milestonesSearch')}
      data={options}
      value={value.map(String)}
      onChange={(ids) => {
        setKnown((current) => ({
          ...current,
          ...Object.fromEntries(options.map((o) => [o.value, o.label])),
        }));
        onChange(ids.map(Number));
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={search.trim() ? t('compare.noMilestones') : t('compare.typeToSearch')}
      maxValues={5}
      w={360}
    />
  );
}

/**
 * The Compare page (issue 22, `/scenarios/compare?ids=…`): the live plan and up to three scenarios side
 * by side, their portfolio totals (a chart and a table) and each scenario's changed records, conflicts
 * marked. The scenarios and the milestones are in the URL, so a link shows the same comparison.
 */
export function ComparePage() {
  const { t } = useTranslation('scenarios');
  const lists = useOptionLists();
  const [params, setParams] = useAddressParams();
  const ids = comparedIds(params);
  const milestones = chosenMilestones(params);
  const list = useGetScenarioPagesInfiniteQuery();
  const open = pageItems(list.data);
  const sidesQueried = [
    useSide(ids[0], milestones),
    useSide(ids[1], milestones),
    useSide(ids[2], milestones),
  ].filter((side) => side.id !== undefined);
  const setParam = (name: string, values: readonly number[]) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (values.length === 0) next.delete(name);
      else next.set(name, values.join(','));
      return next;
    });
  const sides = comparedSides(
    sidesQueried.map((side) => ({
      name: side.scenario.data?.name ?? `#${side.id}`,
      diff: side.diff.data,
    })),
    t('compare.live'),
  );
  const loading = sidesQueried.some((side) => side.diff.isLoading);
  const failed = sidesQueried.filter((side) => side.diff.isError);
  const lines = totalsLines(sides);
  const choices = [
    ...open.map((s) => ({ value: String(s.id), label: s.name })),
    ...ids
      .filter((id) => !open.some((s) => s.id === id))
      .map((id) => ({ value: String(id), label: sides.find((s) => s.id === id)?.name ?? `#${id}` })),
  ];

  return (
    <Stack gap="lg">
      <SectionHeader title={t('compare.title')} level={1} intro={t('compare.intro')} />
      <Group align="flex-start" gap="md">
        <MultiSelect
          label={t('compare.scenarios')}
          description={t('compare.scenariosHint', { max: maxCompared })}
          data={choices}
          value={ids.map(String)}
          onChange={(chosen) => setParam('ids', chosen.map(Number))}
          maxValues={maxCompared}
          searchable
          w={360}
        />
        <MilestonePicker value={milestones} onChange={(chosen) => setParam('milestones', chosen)} />
      </Group>
      {ids.length === 0 ? (
        <EmptyState icon={IconScale} text={t('compare.empty')} />
      ) : (
        <>
          {failed.map((side) => (
            <LoadError
              key={side.id}
              title={t('compare.failed', { name: side.scenario.data?.name ?? `#${side.id}` })}
              error={side.diff.error}
            />
          ))}
          {loading && <Loader size="sm" aria-label={t('compare.loading')} />}
          {sides.length > 0 && (
            <Paper withBorder p="md" radius="sm">
              <Stack gap="sm">
                <Title order={2} size="h3">
                  {t('compare.totals')}
                </Title>
                <TotalsChart sides={sides} />
                <Table striped aria-label={t('compare.totalsLabel')} data-testid="scenario-totals">
                  <TableHeader cells={[t('compare.figure'), ...sides.map((side) => side.name)]} />
                  <Table.Tbody>
                    {lines.map((line) => (
                      <Table.Tr key={line.key}>
                        <Table.Th scope="row" fw={500}>
                          {lineLabel(line, t, lists)}
                        </Table.Th>
                        {line.values.map((value, i) => (
                          <Table.Td
                            key={sides[i]!.id ?? 'live'}
                            fw={i > 0 && value !== line.values[0] ? 700 : undefined}
                          >
                            {valueText(value, t)}
                            {i > 0 && value !== line.values[0] && differsFromLive(line) && (
                              <Text span size="xs" c="dimmed" ml={4}>
                                {t('compare.differs')}
                              </Text>
                            )}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            </Paper>
          )}
          {sidesQueried.map((side) =>
            side.diff.data ? (
              <Paper
                key={side.id}
                withBorder
                p="md"
                radius="sm"
                component="section"
                aria-label={side.scenario.data?.name}
              >
                <Stack gap="sm">
                  <Title order={2} size="h3">
                    {t('compare.changesOf', { name: side.scenario.data?.name ?? `#${side.id}` })}
                  </Title>
                  {side.diff.data.records.some((r) => r.conflicts.length > 0) && (
                    <Alert color="orange" icon={<IconAlertTriangle />}>
                      {t('compare.hasConflicts')}
                    </Alert>
                  )}
                  {side.diff.data.records.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('compare.noChanges')}
                    </Text>
                  ) : (
                    <RecordDifferences records={side.diff.data.records} resolveIn={side.id} />
                  )}
                  <LoadMore {...side.more} label={t('compare.loadMore')} />
                </Stack>
              </Paper>
            ) : null,
          )}
        </>
      )}
    </Stack>
  );
}
