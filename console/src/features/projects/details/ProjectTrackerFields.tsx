import { Divider, Group, Select, SimpleGrid } from '@mantine/core';
import { parseTrackerRepositoryId, trackerIssueLink } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';
import { LinkField } from '../../record-dialog/LinkField';
import { RepositoryLinks, chooserNote, useRepositories } from '../../tracker/RepositoryLinks';
import { repositoryOf, repositoryOptions } from '../../tracker/repositoryOptions';
import { TrackerIssueSummary } from '../../tracker/TrackerIssueSummary';
import { changeRepository } from './projectForm';
import type { ProjectTabProps } from './projectFormTypes';

/**
 * §2 project details, issue tracker: the repository chooser (grouped by connection, 'KEY — Name') with
 * its project and board links, the issue id with its issue link, and the mirrored issue. §4: clearing
 * the repository clears the issue id. Nothing without the jira feature.
 */
export function ProjectTrackerFields({ form, editable }: ProjectTabProps) {
  const { t } = useTranslation('projects');
  const query = useRepositories();
  const { t: trackerT } = useTranslation('tracker');
  if (!query.jira) return null;
  const values = form.values;
  const current = values.jiraRepoId.trim();
  const repository = repositoryOf(query.data, current);
  const repoSet = current !== '';
  const note = chooserNote(query, current, trackerT);
  return (
    <>
      <Divider label={t('tracker.title')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label={t('tracker.repository')}
            placeholder={editable ? t('tracker.searchPlaceholder') : undefined}
            data={repositoryOptions(query.data ?? [], current, trackerT)}
            searchable
            clearable={editable}
            readOnly={!editable}
            disabled={query.isLoading && editable}
            nothingFoundMessage={t('tracker.noMatch')}
            value={repoSet ? current : null}
            onChange={(id) => {
              const chosen = repositoryOf(query.data, id);
              form.setValues({
                ...changeRepository(form.getValues(), id ?? ''),
                jiraRepoUrl: id ? (chosen?.baseUrl ?? values.jiraRepoUrl) : '',
              });
            }}
            description={note && <span role="status">{note}</span>}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={form.errors.jiraRepoId ?? form.errors.jiraRepoUrl}
            style={{ flex: 1, minWidth: 0 }}
          />
          <RepositoryLinks repository={repository} />
        </Group>
        <LinkField
          label={t('tracker.issueId')}
          openLabel={t('tracker.openIssue')}
          href={trackerIssueLink(values.jiraRepoUrl, values.jiraid)}
          readOnly={!editable || !repoSet}
          placeholder={
            editable && !repoSet
              ? t('tracker.chooseRepositoryFirst')
              : repository
                ? `${repository.key}-123`
                : undefined
          }
          {...form.getInputProps('jiraid')}
          value={values.jiraid}
        />
      </SimpleGrid>
      {repoSet && values.jiraid.trim() !== '' && (
        <TrackerIssueSummary
          issueKey={values.jiraid}
          connectionId={parseTrackerRepositoryId(current)?.connectionId ?? null}
        />
      )}
    </>
  );
}
