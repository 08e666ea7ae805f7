import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
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
import type { CalendarFormValues } from './calendarForm';

type Form = UseFormReturnType<CalendarFormValues>;
type ListField = 'companyDays' | 'exceptions';

/** A titled table of dated rows with Add below and Remove per row (read-only: neither). */
function DaysTable({
  title,
  hint,
  columns,
  empty,
  addLabel,
  onAdd,
  editable,
  children,
}: {
  title: string;
  hint: string;
  columns: string[];
  empty: string;
  addLabel: string;
  onAdd: () => void;
  editable: boolean;
  children: ReactNode[];
}) {
  const { t } = useTranslation('calendars');
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table verticalSpacing={4} aria-label={title}>
          <TableHeader
            cells={[...columns, editable && { label: t('days.actions'), w: 50, unlabelled: true }]}
          />
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      )}
      {editable && (
        <Group>
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function RemoveCell({
  form,
  field,
  index,
  name,
}: {
  form: Form;
  field: ListField;
  index: number;
  name: string;
}) {
  const { t } = useTranslation('calendars');
  return (
    <Table.Td>
      <Tooltip label={t('days.remove')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('days.removeNamed', { name: name || t('days.unnamed') })}
          onClick={() => form.removeListItem(field, index)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Table.Td>
  );
}

/** A row's date and name cells, labelled with the row's number for screen readers. */
const dateAndName = (
  form: Form,
  field: ListField,
  index: number,
  editable: boolean,
  t: TFunction<'calendars'>,
) => {
  const row = index + 1;
  return {
    date: (
      <Table.Td w={150}>
        <UiDateInput
          aria-label={t('days.dateOf', { row })}
          size="xs"
          readOnly={!editable}
          {...form.getInputProps(`${field}.${index}.date`)}
        />
      </Table.Td>
    ),
    name: (
      <Table.Td>
        <TextInput
          aria-label={t('days.nameOf', { row })}
          size="xs"
          readOnly={!editable}
          maxLength={calendarNameMax}
          {...form.getInputProps(`${field}.${index}.name`)}
        />
      </Table.Td>
    ),
  };
};

/** The company days: closed or half, once or every year, each named. */
export function CompanyDaysFields({ form, editable }: { form: Form; editable: boolean }) {
  const { t } = useTranslation('calendars');
  return (
    <DaysTable
      title={t('days.companyTitle')}
      hint={t('days.companyHint')}
      columns={[t('days.date'), t('days.kind'), t('days.yearly'), t('days.name')]}
      empty={t('days.noCompanyDays')}
      addLabel={t('days.addCompanyDay')}
      onAdd={() => form.insertListItem('companyDays', newCompanyDay())}
      editable={editable}
    >
      {form.values.companyDays.map((day, index) => {
        const cells = dateAndName(form, 'companyDays', index, editable, t);
        return (
          <Table.Tr key={day.key} data-testid="company-day">
            {cells.date}
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
            {cells.name}
            {editable && <RemoveCell form={form} field="companyDays" index={index} name={day.name} />}
          </Table.Tr>
        );
      })}
    </DaysTable>
  );
}

/** The exceptions: full working days on days that would be closed (a working Saturday). */
export function ExceptionsFields({ form, editable }: { form: Form; editable: boolean }) {
  const { t } = useTranslation('calendars');
  return (
    <DaysTable
      title={t('days.exceptionsTitle')}
      hint={t('days.exceptionsHint')}
      columns={[t('days.date'), t('days.name')]}
      empty={t('days.noExceptions')}
      addLabel={t('days.addException')}
      onAdd={() => form.insertListItem('exceptions', newException())}
      editable={editable}
    >
      {form.values.exceptions.map((day, index) => {
        const cells = dateAndName(form, 'exceptions', index, editable, t);
        return (
          <Table.Tr key={day.key} data-testid="calendar-exception">
            {cells.date}
            {cells.name}
            {editable && <RemoveCell form={form} field="exceptions" index={index} name={day.name} />}
          </Table.Tr>
        );
      })}
    </DaysTable>
  );
}
