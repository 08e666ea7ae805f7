import { useState } from 'react';
import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import { IconCalendar, IconCalendarMonth, IconEye, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { defaultCalendarId } from '@fahrplan/contracts';
import type { CalendarView } from '@fahrplan/contracts';
import { pageItems } from '../api/pages';
import { useCan } from '../auth/permissions';
import { AdminList, AdminPanel, RowActions } from '../common/AdminTable';
import { LoadMore, morePages } from '../common/LoadMore';
import { describeError } from '../common/problem';
import { ConfirmRecordDelete } from '../record-dialog/ConfirmRecordDelete';
import { sendOnce } from '../api/commands';
import { InfoDialog } from '../record-dialog/InfoDialog';
import { CalendarDialog } from './CalendarDialog';
import { latestDefinition } from './calendarForm';
import { cantonNames } from './cantonNames';
import { useDeleteCalendarMutation, useGetCalendarPagesInfiniteQuery } from './calendarsApi';
import { YearView } from './YearView';

type Open =
  { mode: 'edit'; calendar: CalendarView | null } | { mode: 'year' | 'delete'; calendar: CalendarView };

function YearDialog({ calendar, onClose }: { calendar: CalendarView; onClose: () => void }) {
  const { t } = useTranslation('calendars');
  return (
    <InfoDialog title={t('year.title', { name: calendar.name })} size="xl" onClose={onClose}>
      <YearView versions={calendar.versions} />
    </InfoDialog>
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
      remove={() => sendOnce(remove, data)}
      deleted={t('list.deleted', { name: calendar.name })}
      refusal={{ title: t('list.deleteRefused'), message: describeError }}
      onClose={onClose}
    >
      <Text size="sm">{t('list.deleteText', { name: calendar.name })}</Text>
    </ConfirmRecordDelete>
  );
}

/** A calendar of the list: its name, canton and users, and its actions (edit or show, year view, delete). */
function CalendarRow({
  calendar,
  editable,
  onOpen,
}: {
  calendar: CalendarView;
  editable: boolean;
  onOpen: (mode: Open['mode']) => void;
}) {
  const { t } = useTranslation('calendars');
  const region = latestDefinition(calendar.versions)?.region;
  return (
    <Table.Tr data-testid={`calendar-${calendar.id}`}>
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
      <Table.Td>{region && cantonNames(t)[region]}</Table.Td>
      <Table.Td>{t('list.usedByCounts', calendar.usedBy)}</Table.Td>
      <RowActions
        name={calendar.name}
        editLabel={editable ? t('list.edit') : t('list.show')}
        editIcon={editable ? <IconPencil size={16} /> : <IconEye size={16} />}
        onEdit={() => onOpen('edit')}
        onDelete={editable && calendar.id !== defaultCalendarId ? () => onOpen('delete') : undefined}
        extra={
          <Tooltip label={t('list.year')}>
            <ActionIcon
              aria-label={t('list.yearOf', { name: calendar.name })}
              variant="subtle"
              onClick={() => onOpen('year')}
            >
              <IconCalendarMonth size={16} />
            </ActionIcon>
          </Tooltip>
        }
      />
    </Table.Tr>
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

  return (
    <AdminPanel
      canView={canView}
      needsView={t('list.needsView')}
      title={t('list.title')}
      intro={t('list.intro')}
      newLabel={t('list.new')}
      {...(editable ? { onNew: () => setOpen({ mode: 'edit', calendar: null }) } : {})}
    >
      <AdminList
        what={t('list.title')}
        load={{ isLoading, isError: isError && !data, error }}
        empty={{ icon: IconCalendar, text: t('list.empty') }}
        label={t('list.table')}
        header={[
          t('list.name'),
          t('list.region'),
          t('list.usedBy'),
          { label: t('list.actions'), w: 140, unlabelled: true },
        ]}
        rows={calendars.map((calendar) => (
          <CalendarRow
            key={calendar.id}
            calendar={calendar}
            editable={editable}
            onOpen={(mode) => setOpen({ mode, calendar })}
          />
        ))}
        footer={<LoadMore {...morePages(pages)} label={t('list.loadMore')} />}
      />
      {open?.mode === 'edit' && (
        <CalendarDialog calendar={open.calendar} editable={editable} onClose={close} />
      )}
      {open?.mode === 'year' && <YearDialog calendar={open.calendar} onClose={close} />}
      {open?.mode === 'delete' && <DeleteCalendar calendar={open.calendar} onClose={close} />}
    </AdminPanel>
  );
}
