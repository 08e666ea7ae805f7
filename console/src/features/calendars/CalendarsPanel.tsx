import { useState } from 'react';
import { ActionIcon, Alert, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCalendar, IconCalendarMonth, IconEye, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { defaultCalendarId } from '@fahrplan/contracts';
import type { CalendarView } from '@fahrplan/contracts';
import { pageItems } from '../api/pages';
import { useCan } from '../auth/permissions';
import { RowActions, TableLoad } from '../common/AdminTable';
import { EmptyState } from '../common/EmptyState';
import { LoadMore, morePages } from '../common/LoadMore';
import { NewButton, SectionHeader } from '../common/SectionHeader';
import { TableHeader } from '../common/TableHeader';
import { useReturnFocus } from '../common/useReturnFocus';
import { describeError } from '../common/problem';
import { ConfirmRecordDelete } from '../record-dialog/ConfirmRecordDelete';
import { CalendarDialog } from './CalendarDialog';
import { latestDefinition } from './calendarForm';
import { cantonNames } from './cantonNames';
import { useDeleteCalendarMutation, useGetCalendarPagesInfiniteQuery } from './calendarsApi';
import { YearView } from './YearView';

type Open =
  { mode: 'edit'; calendar: CalendarView | null } | { mode: 'year' | 'delete'; calendar: CalendarView };

function YearDialog({ calendar, onClose }: { calendar: CalendarView; onClose: () => void }) {
  useReturnFocus();
  const { t } = useTranslation('calendars');
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('year.title', { name: calendar.name })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('closeDialog') }}
    >
      <YearView versions={calendar.versions} />
    </Modal>
  );
}

function DeleteCalendar({ calendar, onClose }: { calendar: CalendarView; onClose: () => void }) {
  const [remove] = useDeleteCalendarMutation();
  const { t } = useTranslation('calendars');
  const data = { id: calendar.id, version: calendar.version };
  return (
    <ConfirmRecordDelete
      title={t('list.deleteTitle')}
      confirmLabel={t('list.deleteConfirm')}
      remove={(idempotencyKey) => remove({ data, idempotencyKey }).unwrap()}
      deleted={t('list.deleted', { name: calendar.name })}
      refusal={{ title: t('list.deleteRefused'), message: describeError }}
      onClose={onClose}
    >
      <Text size="sm">{t('list.deleteText', { name: calendar.name })}</Text>
    </ConfirmRecordDelete>
  );
}

/**
 * Administration → Calendars (issue 24): the tenant's calendars with their canton and how many projects
 * and resources use them; with calendars EDIT add, change (from an effective date, after the impact
 * preview) and delete those nobody uses. The default calendar stays.
 */
export function CalendarsPanel() {
  const canView = useCan('calendars', 'VIEW');
  const editable = useCan('calendars', 'EDIT');
  const { t } = useTranslation('calendars');
  const pages = useGetCalendarPagesInfiniteQuery(undefined, { skip: !canView });
  const { data, isLoading, isError, error } = pages;
  const calendars = pageItems(data);
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const cantonName = cantonNames(t);

  if (!canView)
    return (
      <Alert color="gray" variant="light">
        {t('list.needsView')}
      </Alert>
    );
  return (
    <Stack gap="sm">
      <SectionHeader title={t('list.title')} level={2} intro={t('list.intro')}>
        {editable && (
          <NewButton label={t('list.new')} onClick={() => setOpen({ mode: 'edit', calendar: null })} />
        )}
      </SectionHeader>
      <TableLoad what={t('list.title')} isLoading={isLoading} isError={isError && !data} error={error}>
        {calendars.length === 0 ? (
          <EmptyState icon={IconCalendar} text={t('list.empty')} />
        ) : (
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('list.table')}>
            <TableHeader
              cells={[
                t('list.name'),
                t('list.region'),
                t('list.usedBy'),
                { label: t('list.actions'), w: 140, unlabelled: true },
              ]}
            />
            <Table.Tbody>
              {calendars.map((calendar) => {
                const region = latestDefinition(calendar.versions)?.region;
                return (
                  <Table.Tr key={calendar.id} data-testid={`calendar-${calendar.id}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {calendar.name}
                      </Text>
                      {calendar.id === defaultCalendarId && (
                        <Text size="xs" c="dimmed">
                          {t('list.default')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{region && cantonName[region]}</Table.Td>
                    <Table.Td>{t('list.usedByCounts', calendar.usedBy)}</Table.Td>
                    <RowActions
                      name={calendar.name}
                      editLabel={editable ? t('list.edit') : t('list.show')}
                      editIcon={editable ? <IconPencil size={16} /> : <IconEye size={16} />}
                      onEdit={() => setOpen({ mode: 'edit', calendar })}
                      onDelete={
                        editable && calendar.id !== defaultCalendarId
                          ? () => setOpen({ mode: 'delete', calendar })
                          : undefined
                      }
                      extra={
                        <Tooltip label={t('list.year')}>
                          <ActionIcon
                            aria-label={t('list.yearOf', { name: calendar.name })}
                            variant="subtle"
                            onClick={() => setOpen({ mode: 'year', calendar })}
                          >
                            <IconCalendarMonth size={16} />
                          </ActionIcon>
                        </Tooltip>
                      }
                    />
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <LoadMore {...morePages(pages)} label={t('list.loadMore')} />
      </TableLoad>
      {open?.mode === 'edit' && (
        <CalendarDialog calendar={open.calendar} editable={editable} onClose={close} />
      )}
      {open?.mode === 'year' && <YearDialog calendar={open.calendar} onClose={close} />}
      {open?.mode === 'delete' && <DeleteCalendar calendar={open.calendar} onClose={close} />}
    </Stack>
  );
}
