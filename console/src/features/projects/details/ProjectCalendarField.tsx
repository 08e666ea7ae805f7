import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { defaultCalendarId } from '@fahrplan/contracts';
import { CalendarSelect } from '../../calendars/CalendarSelect';
import { useGetProjectCalendarQuery } from '../../calendars/calendarsApi';
import { ImpactPreview } from '../../calendars/ImpactPreview';
import type { ProjectTabProps } from './projectFormTypes';

interface Props extends ProjectTabProps {
  /** The saved project, null for a new one (it has no items a switch could change). */
  projectId: number | null;
  /** A project shared with the tenant: it shows its owner's calendar, read-only. */
  shared: boolean;
}

/** The owner's calendar of a project shared with the tenant, by name: the tenant's own list does not hold it. */
function OwnersCalendar({ projectId }: { projectId: number }) {
  const { t } = useTranslation('projects');
  const calendar = useGetProjectCalendarQuery(projectId).data;
  return (
    <TextInput
      label={t('common:recordFields.calendar')}
      readOnly
      value={calendar?.name ?? t('details.calendarUnknown', { id: '…' })}
    />
  );
}

/**
 * Issue 24: the project's working-day calendar. Choosing another one for a saved project first shows
 * what the switch does to its items' durations and milestones (the impact preview); Confirm takes the
 * choice into the form, which the dialog's Save then stores. Back to the saved calendar needs no preview.
 * A project shared with the tenant shows its owner's calendar, read-only.
 */
export function ProjectCalendarField(props: Props) {
  if (props.shared && props.projectId !== null) return <OwnersCalendar projectId={props.projectId} />;
  return <OwnCalendarField {...props} />;
}

function OwnCalendarField({ form, editable, projectId }: Props) {
  const { t } = useTranslation('projects');
  const value = form.values.calendar;
  const saved = form.getInitialValues().calendar;
  const [proposed, setProposed] = useState<number | null>(null);
  const choose = (next: number | null) => {
    const calendar = next ?? defaultCalendarId;
    if (calendar === value) return;
    if (projectId === null || calendar === saved) form.setFieldValue('calendar', calendar);
    else setProposed(calendar);
  };
  return (
    <>
      <CalendarSelect
        label={t('common:recordFields.calendar')}
        description={t('details.calendarHelp')}
        value={value}
        onChange={choose}
        unknown={(id) => t('details.calendarUnknown', { id })}
        readOnly={!editable}
        error={form.errors.calendar}
      />
      {proposed !== null && projectId !== null && (
        <ImpactPreview
          request={{ id: proposed, proposal: { project: projectId } }}
          busy={false}
          confirmLabel={t('details.calendarConfirm')}
          onConfirm={() => {
            form.setFieldValue('calendar', proposed);
            setProposed(null);
          }}
          onCancel={() => setProposed(null)}
        />
      )}
    </>
  );
}
