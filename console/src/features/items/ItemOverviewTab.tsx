import { useTranslation } from 'react-i18next';
import { SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { NumberField } from '../common/NumberField';
import { SearchSelect, pickerData, usePickerSearch } from '../common/SearchSelect';
import { useProjectSearch } from '../projects/ProjectPicker';
import type { UseFormReturnType } from '@mantine/form';
import { defaultCalendarId, defaultSubgroups, ranges } from '@fahrplan/contracts';
import { useCountingRules } from '../calendars/useCalendarRules';
import { CalendarRulesWarning } from '../calendars/CalendarRulesWarning';
import { useResourceCapacity } from './useResourceCapacity';
import { DescriptionField, DurationField, RequiredNameInput } from '../record-dialog/SharedFields';
import { UiDateTimeInput } from './UiDateTimeInput';
import {
  changeGroup,
  changeKind,
  changeStart,
  durationOf,
  itemGroupOptions,
  shownStatus,
  workloadOf,
  capacityOf,
} from './itemForm';
import type { ItemFormValues, ItemGroup } from './itemForm';
import { OptionSelect } from '../options/OptionSelect';
import { laneName } from './laneNames';

export type ItemForm = UseFormReturnType<ItemFormValues>;

interface Props {
  form: ItemForm;
  editable: boolean;
  /** The item's project as the form has it, null before one is chosen (or while it loads). */
  group: ItemGroup | null;
  itemId: number | null;
}

/** §2 item overview. */
export function ItemOverviewTab({ form, editable, group, itemId }: Props) {
  const { t } = useTranslation('items');
  const readOnly = !editable;
  const values = form.values;
  // before a project is chosen, the lanes every project has
  const subgroups = group?.subgroups ?? defaultSubgroups;
  // an item computes with its project's calendar; before a project is chosen, the tenant's default
  const { rules, failed } = useCountingRules(
    group?.calendar ?? defaultCalendarId,
    group?.shared ? group.id : null,
  );
  const duration = durationOf(values, rules);
  // the workload counts what the task's resource can give it: its own calendar and share (issue 24)
  const load = workloadOf(values, capacityOf(values, rules, useResourceCapacity(values.resource)));
  const laneOptions = subgroups.map((s) => ({ value: s.id, label: laneName(t, s) }));
  if (values.subgroup && !laneOptions.some((o) => o.value === values.subgroup))
    laneOptions.push({ value: values.subgroup, label: values.subgroup });
  // the projects an item may be planned in (own, not the sprint group), searched on the server
  const chosen =
    values.group === null ? [] : [{ value: String(values.group), label: group?.title ?? `#${values.group}` }];
  const { search, setSearch, query } = usePickerSearch(chosen[0]?.label ?? null);
  const found = useProjectSearch(query, { shared: false }, readOnly);

  return (
    <Stack>
      <CalendarRulesWarning failed={failed} />
      {editable && (
        <SegmentedControl
          aria-label={t('overview.kind')}
          data={[
            { value: 'task', label: t('overview.task') },
            { value: 'milestone', label: t('overview.milestone') },
          ]}
          value={values.milestone ? 'milestone' : 'task'}
          onChange={(next) => form.setValues(changeKind(form.getValues(), next === 'milestone', subgroups))}
        />
      )}
      <RequiredNameInput form={form} field="title" label={t('overview.title')} editable={editable} />
      <TextInput label={t('overview.subtitle')} readOnly={readOnly} {...form.getInputProps('subtitle')} />
      <DescriptionField form={form} readOnly={readOnly} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <UiDateTimeInput
          label={values.milestone ? t('overview.date') : t('overview.begin')}
          readOnly={readOnly}
          value={values.start}
          error={form.errors.start}
          onChange={(start) => form.setValues(changeStart(form.getValues(), start, rules))}
        />
        {!values.milestone && (
          <UiDateTimeInput
            label={t('overview.end')}
            readOnly={readOnly}
            value={values.end}
            error={form.errors.end}
            onChange={(end) => form.setFieldValue('end', end)}
          />
        )}
        {!values.milestone && <DurationField duration={duration} />}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {!values.milestone && (
          <NumberField
            label={t('overview.effort')}
            range={ranges.effort}
            readOnly={readOnly}
            value={values.effort}
            onChange={(next) => form.setFieldValue('effort', next === '' ? null : next)}
            error={form.errors.effort}
          />
        )}
        {load !== null && <TextInput label={t('overview.workload')} readOnly value={load} />}
        {/* the tenant's item statuses (issue 19); 0 and disabled while a system type is set (§4) */}
        <OptionSelect
          label={t('overview.status')}
          kind="itemStatus"
          readOnly={readOnly}
          disabled={values.type !== null}
          value={shownStatus(values)}
          onChange={(next) => form.setFieldValue('status', next)}
          error={form.errors.status}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SearchSelect
          label={t('overview.project')}
          data={pickerData([], chosen, itemGroupOptions(found.records), found.more)}
          allowDeselect={false}
          readOnly={readOnly}
          value={values.group === null ? null : String(values.group)}
          onChange={(next) => {
            const picked = found.records.find((g) => String(g.id) === next) ?? null;
            form.setValues(changeGroup(form.getValues(), subgroups, picked));
          }}
          error={form.errors.group}
          search={search}
          onSearchChange={setSearch}
          searching={found.searching}
        />
        <Select
          label={t('overview.subgroup')}
          data={laneOptions}
          allowDeselect={false}
          readOnly={readOnly}
          disabled={values.type === 'background'}
          placeholder={values.type === 'background' ? t('overview.noSubgroup') : undefined}
          value={values.type === 'background' ? null : values.subgroup}
          onChange={(next) => form.setFieldValue('subgroup', next)}
          error={form.errors.subgroup}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('overview.id')} disabled value={itemId === null ? '' : String(itemId)} />
        <TextInput label={t('overview.shortname')} readOnly={readOnly} {...form.getInputProps('shortname')} />
      </SimpleGrid>
    </Stack>
  );
}
