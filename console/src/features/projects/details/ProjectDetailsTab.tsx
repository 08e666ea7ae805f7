import {
  Anchor,
  Divider,
  Group,
  List,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { GroupDetailsView } from '@fahrplan/contracts';
import { ResourceSelect } from '../../resources/ResourceSelect';
import { AdminCockpitField, DocumentationField } from '../../record-dialog/SharedFields';
import { applicationLabel, notAssigned } from '../../applications/details/parentOptions';
import { useGetApplicationsQuery } from '../../applications/applicationsApi';
import { useGetProjectsQuery } from '../projectsApi';
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
}

function ApplicationsField({ form, editable }: ProjectTabProps) {
  const { data: applications = [], isLoading } = useGetApplicationsQuery({});
  const data = applications
    .filter((a) => !a.deleted)
    .map((a) => ({ value: String(a.id), label: applicationLabel(a) }));
  for (const id of form.values.applications)
    if (!data.some((d) => d.value === String(id))) data.push({ value: String(id), label: `#${id}` });
  return (
    <MultiSelect
      label="Applications"
      data={data}
      searchable
      readOnly={!editable}
      disabled={isLoading && editable}
      value={form.values.applications.map(String)}
      onChange={(next) => form.setFieldValue('applications', next.map(Number))}
      error={form.errors.applications}
    />
  );
}

function ParentField({ form, editable, group, selfId }: ProjectTabProps & Pick<Props, 'group' | 'selfId'>) {
  const { data: projects = [], isLoading } = useGetProjectsQuery({});
  const parent = form.values.parent;
  const options = projectParentOptions(projects, selfId);
  if (parent !== null && !options.some((o) => o.value === String(parent)))
    // a parent the tenant no longer sees (e.g. a revoked share) shows as missing
    options.push({ value: String(parent), label: group?.parentTitle ?? `missing project #${parent}` });
  return (
    <Select
      label="Parent project"
      data={options}
      searchable
      allowDeselect={false}
      readOnly={!editable}
      disabled={isLoading && editable}
      value={parent === null ? notAssigned : String(parent)}
      onChange={(value) =>
        form.setFieldValue('parent', !value || value === notAssigned ? null : Number(value))
      }
      error={form.errors.parent}
    />
  );
}

/** §2 details of a project. */
export function ProjectDetailsTab(props: Props) {
  const { form, editable, group, alm, canShare, admin, superuser, onOpenProject } = props;
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
      {group?.shared && <TextInput label="Owning tenant" readOnly variant="filled" value={group.tenant} />}
      <TagsInput
        label="Shared with tenants"
        description={canShare ? 'Enter a tenant name and press Enter' : undefined}
        disabled={!editable || !canShare}
        splitChars={[',', ' ']}
        value={form.values.shareWith}
        onChange={(next) => form.setFieldValue('shareWith', next)}
        error={form.errors.shareWith}
      />
      {group && !group.shared && group.shares.length > 0 && (
        <Text size="xs" c="dimmed" mt={-8} aria-label="share status">
          {group.shares.map((s) => `${s.tenant}: ${s.status.toLowerCase()}`).join(' · ')}
        </Text>
      )}
      <ProjectTrackerFields form={form} editable={editable} />
      {/* No custom attribute form: tenants define attributes for applications only so far (MeView). */}
      <AdminCockpitField form={form} admin={admin} editable={editable} />
      {superuser && <TextInput label="Identity id" readOnly={readOnly} {...form.getInputProps('iamId')} />}
      <Divider label="Subprojects" labelPosition="left" />
      {subprojects.length === 0 ? (
        <Text c="dimmed" size="sm">
          no subprojects
        </Text>
      ) : (
        <List size="sm" aria-label="subprojects">
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
