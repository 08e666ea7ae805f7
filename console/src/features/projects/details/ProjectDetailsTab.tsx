import {
  Anchor,
  Divider,
  Group,
  List,
  Radio,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { schedulingModes } from '@fahrplan/contracts';
import type { GroupDetailsView, SchedulingMode } from '@fahrplan/contracts';
import { AttributeFields } from '../../common/AttributeField';
import { schedulingModeLabel } from '../../common/fieldLabels';
import type { AttributeDefinition } from '../../common/attributes';
import { useOptionLists } from '../../options/useOptionLists';
import { ResourceSelect } from '../../resources/ResourceSelect';
import { AdminCockpitField, DocumentationField } from '../../record-dialog/SharedFields';
import { notAssigned } from '../../applications/details/parentOptions';
import { ApplicationsPicker } from '../../applications/ApplicationPicker';
import { SearchSelect, pickerData, usePickerSearch } from '../../common/SearchSelect';
import { useGetSubtreeQuery } from '../projectsApi';
import { useProjectSearch, useProjects } from '../ProjectPicker';
import { ProjectCalendarField } from './ProjectCalendarField';
import { ProjectTrackerFields } from './ProjectTrackerFields';
import { projectParentOptions } from './projectForm';
import type { ProjectTabProps } from './projectFormTypes';

interface Props extends ProjectTabProps {
  group: GroupDetailsView | null;
  selfId: number | null;
  /** ALM: the applications multi-select (§6). */
  alm: boolean;
  /** group-shares EDIT: the tenant chips are editable (§6). */
  canShare: boolean;
  /** The admin variant shows the cockpit id. */
  admin: boolean;
  /** group-details-system EDIT: the identity id (§6 superuser). */
  superuser: boolean;
  onOpenProject: (id: number) => void;
  /** The tenant's project attribute schema (issue 19): a field each. */
  attributes: readonly AttributeDefinition[];
}

function ApplicationsField({ form, editable }: ProjectTabProps) {
  const { t } = useTranslation('projects');
  return (
    <ApplicationsPicker
      label={t('details.applications')}
      hide={(app) => app.deleted}
      readOnly={!editable}
      value={form.values.applications}
      onChange={(next) => form.setFieldValue('applications', next)}
      error={form.errors.applications}
    />
  );
}

/**
 * §4 the parent project, searched on the server: the choices `projectParentOptions` leaves of what the
 * search found, knowing the project's own subtree (none of it can become its parent).
 */
function ParentField({ form, editable, group, selfId }: ProjectTabProps & Pick<Props, 'group' | 'selfId'>) {
  const { t } = useTranslation('projects');
  const parent = form.values.parent;
  const [chosen] = useProjects(parent === null ? [] : [parent]);
  const { search, setSearch, query } = usePickerSearch(
    chosen?.title ?? (parent === null ? t('details.notAssigned') : null),
  );
  const found = useProjectSearch(query, undefined, !editable);
  const subtree = useGetSubtreeQuery(selfId ?? skipToken).data ?? [];
  // the subtree's projects are there to be left out: every one of them is below this project
  const lists = useOptionLists();
  const offered = projectParentOptions(
    [...(chosen ? [chosen] : []), ...found.records, ...subtree],
    selfId,
    t,
    lists,
  );
  if (parent !== null && !offered.some((o) => o.value === String(parent)))
    // a parent the tenant no longer sees (e.g. a revoked share) shows as missing
    offered.push({
      value: String(parent),
      label: group?.parentTitle ?? t('details.missingProject', { id: parent }),
    });
  return (
    <SearchSelect
      label={t('details.parent')}
      data={pickerData([], [], offered, found.more)}
      allowDeselect={false}
      readOnly={!editable}
      value={parent === null ? notAssigned : String(parent)}
      onChange={(value) =>
        form.setFieldValue('parent', !value || value === notAssigned ? null : Number(value))
      }
      error={form.errors.parent}
      search={search}
      onSearchChange={setSearch}
      searching={found.searching}
    />
  );
}

/** Issue 21: manual (items stay where they are put) or automatic (successors follow their predecessors). */
function SchedulingField({ form, editable }: ProjectTabProps) {
  const { t } = useTranslation('projects');
  return (
    <Radio.Group
      label={t('common:recordFields.scheduling')}
      description={t('details.schedulingHelp')}
      value={form.values.scheduling}
      onChange={(next) => form.setFieldValue('scheduling', next as SchedulingMode)}
      error={form.errors.scheduling}
    >
      <Group gap="lg" mt={4}>
        {schedulingModes.map((mode) => (
          <Radio key={mode} value={mode} label={schedulingModeLabel(t, mode)} disabled={!editable} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** §2 details of a project. */
export function ProjectDetailsTab(props: Props) {
  const { form, editable, group, alm, canShare, admin, superuser, onOpenProject, attributes } = props;
  const { t } = useTranslation('projects');
  const readOnly = !editable;
  const subprojects = group?.subprojects ?? [];
  return (
    <Stack>
      <DocumentationField form={form} readOnly={readOnly} />
      {alm && <ApplicationsField form={form} editable={editable} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ParentField form={form} editable={editable} group={group} selfId={props.selfId} />
        <ResourceSelect
          readOnly={readOnly}
          value={form.values.resource}
          onChange={(next) => form.setFieldValue('resource', next)}
          error={form.errors.resource}
        />
      </SimpleGrid>
      <SchedulingField form={form} editable={editable} />
      <ProjectCalendarField
        form={form}
        editable={editable}
        projectId={props.selfId}
        shared={group?.shared ?? false}
      />
      {group?.shared && <TextInput label={t('details.owningTenant')} readOnly value={group.tenant} />}
      <TagsInput
        label={t('details.sharedWith')}
        description={canShare ? t('details.sharedWithHint') : undefined}
        disabled={!editable || !canShare}
        splitChars={[',', ' ']}
        value={form.values.shareWith}
        onChange={(next) => form.setFieldValue('shareWith', next)}
        error={form.errors.shareWith}
      />
      {group && !group.shared && group.shares.length > 0 && (
        <Text size="xs" c="dimmed" mt={-8} aria-label={t('details.shareStatus')}>
          {group.shares
            .map(({ tenant, status }) =>
              status === 'PENDING'
                ? t('details.sharePending', { tenant })
                : t('details.shareAccepted', { tenant }),
            )
            .join(' · ')}
        </Text>
      )}
      <ProjectTrackerFields form={form} editable={editable} />
      <AttributeFields form={form} definitions={attributes} editable={editable} />
      <AdminCockpitField form={form} admin={admin} editable={editable} />
      {superuser && (
        <TextInput label={t('details.identityId')} readOnly={readOnly} {...form.getInputProps('iamId')} />
      )}
      <Divider label={t('details.subprojects')} labelPosition="left" />
      {subprojects.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('details.noSubprojects')}
        </Text>
      ) : (
        <List size="sm" aria-label={t('details.subprojectsList')}>
          {subprojects.map((s) => (
            <List.Item key={s.id}>
              <Group gap={4}>
                <Anchor component="button" type="button" size="sm" onClick={() => onOpenProject(s.id)}>
                  {s.title}
                </Anchor>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
