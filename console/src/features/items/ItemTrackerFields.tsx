import { Divider, Select, SimpleGrid, Stack } from '@mantine/core';
import { parseTrackerRepositoryId } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';
import type { GroupView, TrackerRepositoryView } from '@fahrplan/contracts';
import { LinkField } from '../record-dialog/LinkField';
import { chooserNote, useRepositories } from '../tracker/RepositoryLinks';
import { repositoryLabel, repositoryOf, repositoryOptions } from '../tracker/repositoryOptions';
import { TrackerIssueSummary } from '../tracker/TrackerIssueSummary';
import type { ItemForm } from './ItemOverviewTab';
import { changeIssueGroup, issueLinkOf } from './itemForm';
import type { IssueGroup } from './itemForm';

/** The issue groups an item may name: the mirrored repositories, then those projects store (their URLs). */
const issueGroupsWith = (repositories: readonly TrackerRepositoryView[], stored: readonly IssueGroup[]) => [
  ...repositories.map((r) => ({ id: r.id, url: r.baseUrl })),
  ...stored.filter((g) => !repositories.some((r) => r.id === g.id)),
];

/**
 * §2 item details, issue tracker: the issue group (tasks only; enabled only while the item's project
 * has no repository, §4; clearing it clears the id), the external issue id with its link, and the
 * mirrored issue. Nothing without the jira feature.
 */
export function ItemTrackerFields({
  form,
  editable,
  group,
  issueGroups,
}: {
  form: ItemForm;
  editable: boolean;
  group: Pick<GroupView, 'jirarepo'> | null;
  issueGroups: readonly IssueGroup[];
}) {
  const { t } = useTranslation('items');
  const query = useRepositories();
  const { t: trackerT } = useTranslation('tracker');
  if (!query.jira) return null;
  const values = form.values;
  const repositories = query.data ?? [];
  const projectRepo = group?.jirarepo ? String(group.jirarepo.id) : null;
  const projectRepository = repositoryOf(repositories, projectRepo);
  const chosen = values.jiragroup.trim();
  const repoId = projectRepo ?? (chosen || null);
  const hasRepository = projectRepo !== null;
  const note = hasRepository ? undefined : chooserNote(query, chosen, trackerT);
  return (
    <Stack gap="sm">
      <Divider label={t('tracker.title')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {!values.milestone && (
          <Select
            label={t('tracker.issueGroup')}
            data={repositoryOptions(repositories, hasRepository ? null : chosen, trackerT)}
            searchable
            clearable={editable && !hasRepository}
            readOnly={!editable}
            disabled={hasRepository || (query.isLoading && editable)}
            placeholder={
              hasRepository
                ? t('tracker.projectLinks', {
                    repository: projectRepository ? repositoryLabel(projectRepository) : projectRepo,
                  })
                : editable
                  ? t('tracker.noIssueGroup')
                  : undefined
            }
            nothingFoundMessage={t('tracker.noRepositoryMatches')}
            value={hasRepository ? null : chosen || null}
            onChange={(next) => form.setValues(changeIssueGroup(form.getValues(), next))}
            description={note && <span role="status">{note}</span>}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={form.errors.jiragroup}
          />
        )}
        <LinkField
          label={t('tracker.externalIssueId')}
          openLabel={t('tracker.openIssue')}
          href={issueLinkOf(values, group, issueGroupsWith(repositories, issueGroups))}
          readOnly={!editable}
          {...form.getInputProps('jiraid')}
          value={values.jiraid}
        />
      </SimpleGrid>
      {values.jiraid.trim() !== '' && (
        <TrackerIssueSummary
          issueKey={values.jiraid}
          connectionId={parseTrackerRepositoryId(repoId)?.connectionId ?? null}
          unlinked={repoId === null}
        />
      )}
    </Stack>
  );
}
