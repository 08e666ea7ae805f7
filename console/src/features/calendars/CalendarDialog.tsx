import { useMemo, useState } from 'react';
import { Divider, Stack, Tabs } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { bernDefinition } from '@fahrplan/contracts';
import type { CalendarView, SaveCalendarData } from '@fahrplan/contracts';
import { notifySuccess } from '../common/notify';
import { HistoryTab } from '../history/HistoryTab';
import { useAppSelector } from '../../app/hooks';
import { canViewHistory } from '../session/asOf';
import { selectMe } from '../session/selectMe';
import { FormDialog, useCommandRun } from '../record-dialog/FormDialog';
import { CalendarBaseFields, EffectiveFromField } from './CalendarFields';
import {
  calendarFormValidator,
  changesDefinition,
  draftVersions,
  toCalendarFormValues,
  toSaveCalendar,
} from './calendarForm';
import type { CalendarFormValues } from './calendarForm';
import { useSaveCalendarMutation } from './calendarsApi';
import { CompanyDaysFields, ExceptionsFields } from './DayRows';
import { ImpactPreview } from './ImpactPreview';
import { YearView } from './YearView';

const formFields = ['name', 'region', 'workingWeekdays', 'companyDays', 'exceptions', 'effectiveFrom'];

/**
 * A new calendar (no `calendar`) or a change of one: name, canton, working weekdays, company days and
 * exceptions, and for a changed definition the date it applies from; the Year tab shows the result.
 * A change of a saved calendar's days first shows its impact preview; Confirm saves it.
 */
export function CalendarDialog({
  calendar,
  editable,
  onClose,
}: {
  calendar: CalendarView | null;
  editable: boolean;
  onClose: () => void;
}) {
  const [save] = useSaveCalendarMutation();
  const { t } = useTranslation('calendars');
  const validate = useMemo(() => calendarFormValidator(calendar), [calendar]);
  const [initial] = useState(() => toCalendarFormValues(calendar, bernDefinition));
  const form = useForm<CalendarFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate,
    validateInputOnBlur: true,
  });
  const { run, busy, error } = useCommandRun({ form, fields: formFields });
  const [previewing, setPreviewing] = useState<{ data: SaveCalendarData; effectiveFrom: string } | null>(
    null,
  );
  const changed = JSON.stringify(form.values) !== JSON.stringify(initial);
  const dated = changesDefinition(form.values, calendar);
  const versions = useMemo(() => draftVersions(form.values, calendar), [form.values, calendar]);
  // issue 24: a calendar's changes show in its History like any record's
  const me = useAppSelector(selectMe);
  const history = calendar !== null && canViewHistory(me);

  const send = async (data: SaveCalendarData) => {
    const ok = await run((keyed) =>
      keyed('save', data, async (idempotencyKey) => {
        await save({ data, idempotencyKey }).unwrap();
      }),
    );
    setPreviewing(null);
    if (!ok) return;
    notifySuccess(t('dialog.saved', { name: data.name }));
    onClose();
  };
  const submit = () => {
    if (form.validate().hasErrors) return;
    const data = toSaveCalendar(form.getValues(), calendar);
    if (calendar && data.effectiveFrom) setPreviewing({ data, effectiveFrom: data.effectiveFrom });
    else void send(data);
  };

  return (
    <FormDialog
      title={calendar ? t('dialog.title', { name: calendar.name }) : t('dialog.newTitle')}
      size="xl"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={calendar ? (dated ? t('dialog.previewAndSave') : t('dialog.save')) : t('dialog.create')}
      editable={editable}
      busy={busy}
      canSubmit={changed}
      error={error}
    >
      <Tabs defaultValue="definition" keepMounted={false} mb="md">
        <Tabs.List mb="sm">
          <Tabs.Tab value="definition">{t('dialog.definitionTab')}</Tabs.Tab>
          <Tabs.Tab value="year">{t('dialog.yearTab')}</Tabs.Tab>
          {history && <Tabs.Tab value="history">{t('history:tab.title')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="definition">
          <Stack gap="sm">
            <CalendarBaseFields form={form} editable={editable} />
            <Divider />
            <CompanyDaysFields form={form} editable={editable} />
            <Divider />
            <ExceptionsFields form={form} editable={editable} />
            {dated && <EffectiveFromField form={form} editable={editable} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="year">
          <YearView versions={versions} />
        </Tabs.Panel>
        {history && (
          <Tabs.Panel value="history">
            <HistoryTab
              category="calendar"
              id={calendar.id}
              leave={(then) => then()}
              saving={busy}
              shared={false}
            />
          </Tabs.Panel>
        )}
      </Tabs>
      {previewing && calendar && (
        <ImpactPreview
          request={{
            id: calendar.id,
            proposal: { effectiveFrom: previewing.effectiveFrom, definition: previewing.data.definition },
          }}
          busy={busy}
          onConfirm={() => void send(previewing.data)}
          onCancel={() => setPreviewing(null)}
        />
      )}
    </FormDialog>
  );
}
