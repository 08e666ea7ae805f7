import type { ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { calendarNameMax } from '@fahrplan/contracts';
import { TableHeader } from '../common/TableHeader';
import { UiDateInput } from '../common/UiDateInput';
import { newCompanyDay, newException } from './calendarForm';
import type { CalendarFormValues, CompanyDayRow, ExceptionRow } from './calendarForm';

type Form = UseFormReturnType<CalendarFormValues>;
type ListField = 'companyDays' | 'exceptions';

interface DaysTableProps {
  form: Form;
  field: ListField;
  editable: boolean;
  texts: { title: string; hint: string; empty: string; add: string };
  /** The headers of the columns between the date and the name. */
  columns?: string[];
  /** The cells of row `index` between its date and its name. */
  cells?: (index: number) => ReactNode;
  newRow: () => CompanyDayRow | ExceptionRow;
}

/**
 * A titled table of dated, named rows of the form's list `field`, with Add below and Remove per row
 * (read-only: neither); each input is named with its row's number for screen readers.
 */
function DaysTable({ form, field, editable, texts, columns = [], cells, newRow }: DaysTableProps) {
  const { t } = useTranslation('calendars');
  const rows: readonly (CompanyDayRow | ExceptionRow)[] = form.values[field];
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        {texts.title}
      </Text>
      <Text size="xs" c="dimmed">
        {texts.hint}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {texts.empty}
        </Text>
      ) : (
        <Table verticalSpacing={4} aria-label={texts.title}>
          <TableHeader
            cells={[
              t('days.date'),
              ...columns,
              t('days.name'),
              editable && { label: t('days.actions'), w: 50, unlabelled: true },
            ]}
          />
          <Table.Tbody>
            {rows.map((day, index) => (
              <Table.Tr key={day.key} data-testid={`${field}-row`}>
                <Table.Td w={150}>
                  <UiDateInput
                    aria-label={t('days.dateOf', { row: index + 1 })}
                    size="xs"
                    readOnly={!editable}
                    {...form.getInputProps(`${field}.${index}.date`)}
                  />
                </Table.Td>
                {cells?.(index)}
                <Table.Td>
                  <TextInput
                    aria-label={t('days.nameOf', { row: index + 1 })}
                    size="xs"
                    readOnly={!editable}
                    maxLength={calendarNameMax}
                    {...form.getInputProps(`${field}.${index}.name`)}
                  />
                </Table.Td>
                {editable && (
                  <Table.Td>
                    <Tooltip label={t('days.remove')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('days.removeNamed', { name: day.name || t('days.unnamed') })}
                        onClick={() => form.removeListItem(field, index)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editable && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem(field, newRow())}
          >
            {texts.add}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The company days: closed or half, once or every year, each named. */
export function CompanyDaysFields({ form, editable }: { form: Form; editable: boolean }) {
  const { t } = useTranslation('calendars');
  const kindAndYearly = (index: number) => (
    <>
      <Table.Td>
        <SegmentedControl
          size="xs"
          aria-label={t('days.kindOf', { row: index + 1 })}
          readOnly={!editable}
          data={[
            { value: 'closed', label: t('days.closed') },
            { value: 'half', label: t('days.half') },
          ]}
          {...form.getInputProps(`companyDays.${index}.kind`)}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={t('days.yearlyOf', { row: index + 1 })}
          disabled={!editable}
          {...form.getInputProps(`companyDays.${index}.yearly`, { type: 'checkbox' })}
        />
      </Table.Td>
    </>
  );
  return (
    <DaysTable
      form={form}
      field="companyDays"
      editable={editable}
      texts={{
        title: t('days.companyTitle'),
        hint: t('days.companyHint'),
        empty: t('days.noCompanyDays'),
        add: t('days.addCompanyDay'),
      }}
      columns={[t('days.kind'), t('days.yearly')]}
      cells={kindAndYearly}
      newRow={newCompanyDay}
    />
  );
}

/** The exceptions: full working days on days that would be closed (a working Saturday). */
export function ExceptionsFields({ form, editable }: { form: Form; editable: boolean }) {
  const { t } = useTranslation('calendars');
  return (
    <DaysTable
      form={form}
      field="exceptions"
      editable={editable}
      texts={{
        title: t('days.exceptionsTitle'),
        hint: t('days.exceptionsHint'),
        empty: t('days.noExceptions'),
        add: t('days.addException'),
      }}
      newRow={newException}
    />
  );
}
