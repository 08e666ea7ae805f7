import type { KeyboardEvent } from 'react';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dayLabel, monthName, weekdayNames } from './dayLabels';
import type { DayKind, MonthGrid as Grid } from './yearDays';
import classes from './MonthGrid.module.css';

const kindClass: Record<DayKind, string | undefined> = {
  working: undefined,
  half: classes.half,
  closed: classes.closed,
};

/**
 * One month of a year view as an ARIA grid: a cell per day named by its date, how much it is worked and
 * why; one cell of the whole year takes the Tab stop (`focused`), the arrow keys move it (`onKey`).
 */
export function MonthGrid({
  year,
  grid,
  focused,
  onFocusDate,
  onKey,
}: {
  year: number;
  grid: Grid;
  focused: string;
  onFocusDate: (date: string) => void;
  onKey: (event: KeyboardEvent, date: string) => void;
}) {
  const { t, i18n } = useTranslation('calendars');
  const locale = i18n.language;
  const title = monthName(year, grid.month, locale);
  const longNames = weekdayNames(locale, 'long');
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text fw={500} size="sm" ta="center" mb={4} id={`month-${year}-${grid.month}`}>
        {title}
      </Text>
      <table role="grid" aria-labelledby={`month-${year}-${grid.month}`} className={classes.grid}>
        <thead>
          <tr>
            {weekdayNames(locale).map((name, index) => (
              <th key={index} scope="col" abbr={longNames[index]}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                if (day === null) return <td key={column} />;
                const label = dayLabel(day, t, locale);
                return (
                  <td
                    key={column}
                    role="gridcell"
                    data-date={day.date}
                    data-kind={day.kind}
                    aria-label={label}
                    title={label}
                    tabIndex={day.date === focused ? 0 : -1}
                    className={[kindClass[day.kind], day.holidays.length > 0 ? classes.holiday : undefined]
                      .filter(Boolean)
                      .join(' ')}
                    onFocus={() => onFocusDate(day.date)}
                    onKeyDown={(event) => onKey(event, day.date)}
                  >
                    {Number(day.date.slice(8))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Paper>
  );
}
