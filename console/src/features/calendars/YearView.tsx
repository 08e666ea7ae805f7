import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { ActionIcon, Badge, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CalendarVersion, ConsoleLanguage } from '@fahrplan/contracts';
import { LoadError } from '../common/CataloguePage';
import { today } from '../common/dateTime';
import { calendarRulesOf, regionsOf } from './calendarRulesOf';
import { useGetRegionHolidaysQuery } from './calendarsApi';
import type { RegionHolidays } from './calendarsApi';
import { dayLabel } from './dayLabels';
import { formatDays } from './previewFormat';
import { MonthGrid } from './MonthGrid';
import { dateAfterKey, yearGrids, yearTotals } from './yearDays';

/** The years whose holidays a year's rules read: a count to 1 January of the next one reads that one too. */
const yearsAround = (year: number) => ({ from: year - 1, to: year + 1 });

/** The year's grids: its rules from the versions and the cantons' holidays, named in the language shown. */
const gridsOf = (versions: readonly CalendarVersion[], year: number, holidays: RegionHolidays) => {
  const rules = calendarRulesOf(versions, holidays, yearsAround(year));
  return yearGrids(
    year,
    rules,
    versions,
    regionsOf(versions).flatMap((region) => holidays[region] ?? []),
  );
};

/**
 * A calendar's year: twelve month grids of working, half and closed days with the public holidays
 * named in the language shown. Tab reaches one day; the arrow keys, Home/End and Page Up/Down move.
 */
export function YearView({ versions }: { versions: readonly CalendarVersion[] }) {
  const { t, i18n } = useTranslation('calendars');
  const [focused, setFocused] = useState(today);
  const year = Number(focused.slice(0, 4));
  const regions = useMemo(() => regionsOf(versions), [versions]);
  const lang = i18n.language as ConsoleLanguage;
  const { currentData, isError, error } = useGetRegionHolidaysQuery({ regions, ...yearsAround(year), lang });
  const grids = useMemo(
    () => (currentData ? gridsOf(versions, year, currentData) : null),
    [currentData, versions, year],
  );
  const totals = grids && yearTotals(grids);
  const container = useRef<HTMLDivElement>(null);
  const focusedDay = grids?.flatMap((grid) => grid.weeks.flat()).find((day) => day?.date === focused);

  // a key moved the focus: the day's cell takes it once drawn (another year's, once its holidays are there)
  const keyMoved = useRef(false);
  useEffect(() => {
    const cell = container.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`);
    if (!keyMoved.current || !cell) return;
    keyMoved.current = false;
    cell.focus();
  });
  const onKey = (event: KeyboardEvent, date: string) => {
    const next = dateAfterKey(date, event.key);
    if (next === null) return;
    event.preventDefault();
    keyMoved.current = true;
    setFocused(next);
  };
  const shiftYear = (by: number) => setFocused(`${year + by}-01-01`);

  if (isError) return <LoadError title={t('year.failed')} error={error} />;
  return (
    <Stack gap="xs" ref={container}>
      <Group justify="space-between">
        <Group gap={4}>
          <Tooltip label={t('year.previous')}>
            <ActionIcon variant="subtle" aria-label={t('year.previous')} onClick={() => shiftYear(-1)}>
              <IconChevronLeft size={16} />
            </ActionIcon>
          </Tooltip>
          <Text fw={600} aria-live="polite" data-testid="year-shown">
            {year}
          </Text>
          <Tooltip label={t('year.next')}>
            <ActionIcon variant="subtle" aria-label={t('year.next')} onClick={() => shiftYear(1)}>
              <IconChevronRight size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {totals && (
          <Group gap="xs">
            <Badge variant="light" color="gray" tt="none">
              {t('year.totalWorking', {
                count: totals.working,
                days: formatDays(totals.working, i18n.language),
              })}
            </Badge>
            <Badge variant="light" color="gray" tt="none">
              {t('year.totalClosed', { count: totals.closed })}
            </Badge>
            <Badge variant="light" color="yellow" tt="none">
              {t('year.totalHalf', { count: totals.half })}
            </Badge>
          </Group>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('year.keys')}
      </Text>
      {grids === null ? (
        <Text size="sm" c="dimmed">
          {t('year.loading')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="xs">
          {grids.map((grid) => (
            <MonthGrid
              key={grid.month}
              year={year}
              grid={grid}
              focused={focused}
              onFocusDate={setFocused}
              onKey={onKey}
            />
          ))}
        </SimpleGrid>
      )}
      <Text size="sm" data-testid="year-day" aria-live="polite">
        {focusedDay ? dayLabel(focusedDay, t, i18n.language) : ''}
      </Text>
    </Stack>
  );
}
