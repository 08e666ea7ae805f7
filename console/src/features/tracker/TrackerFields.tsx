import { ActionIcon, Divider, Group, Menu, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { IconExternalLink, IconLayoutKanban } from '@tabler/icons-react';
import {
  parseTrackerRepositoryId,
  trackerBoardLink,
  trackerIssueLink,
  trackerProjectLink,
} from '@fahrplan/contracts';
import type { GroupView, TrackerRepositoryView } from '@fahrplan/contracts';
import { describeError } from '../common/problem';
import { LinkField } from '../applications/details/LinkField';
import type { ItemForm } from '../items/ItemOverviewTab';
import { changeIssueGroup, issueLinkOf } from '../items/itemForm';
import type { IssueGroup } from '../items/itemForm';
import { changeRepository } from '../projects/details/projectForm';
import type { ProjectTabProps } from '../projects/details/projectFormTypes';
import { repositoryLabel, repositoryOf, repositoryOptions, unknownRepository } from './repositoryOptions';
import { useGetTrackerRepositoriesQuery } from './trackerApi';
import { TrackerIssueSummary } from './TrackerIssueSummary';
import { useJiraEnabled } from './useTracker';

const useRepositories = () => {
  const jira = useJiraEnabled();
  return { jira, ...useGetTrackerRepositoriesQuery(jira ? undefined : skipToken) };
};

const projectLinkOf = (repository: TrackerRepositoryView) =>
  repository.url ?? trackerProjectLink(repository.baseUrl, repository.key);

/** The open-project button and the boards menu beside the repository chooser (§1 project and board links). */
function RepositoryLinks({ repository }: { repository: TrackerRepositoryView | null }) {
  const projectLink = repository && projectLinkOf(repository);
  const boards = repository?.boards ?? [];
  return (
    <Group gap={4} wrap="nowrap" mb={1}>
      <Tooltip label={projectLink ? `open ${repository?.key} in the tracker` : 'no repository chosen'}>
        <ActionIcon
          size={36}
          variant="default"
          aria-label="open repository"
          disabled={!projectLink}
          {...(projectLink
            ? { component: 'a' as const, href: projectLink, target: '_blank', rel: 'noopener noreferrer' }
            : {})}
        >
          <IconExternalLink size={16} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Tooltip label={boards.length > 0 ? `${boards.length} board(s)` : 'no boards'}>
            <ActionIcon size={36} variant="default" aria-label="boards" disabled={boards.length === 0}>
              <IconLayoutKanban size={16} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Boards of {repository?.key}</Menu.Label>
          {boards.map((board) => {
            const link = board.url ?? trackerBoardLink(repository?.baseUrl, board.id);
            return (
              <Menu.Item
                key={board.id}
                component="a"
                href={link ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                disabled={!link}
                leftSection={<IconLayoutKanban size={14} />}
                rightSection={
                  board.type && (
                    <Text size="xs" c="dimmed">
                      {board.type}
                    </Text>
                  )
                }
              >
                {board.name}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** A note under the chooser: why the list is empty or failed, or that the stored id is unknown. */
const chooserNote = (
  query: { isError: boolean; error?: unknown; data?: readonly TrackerRepositoryView[] },
  current: string,
) => {
  if (query.isError) return `repositories could not be loaded: ${describeError(query.error)}`;
  if (query.data && query.data.length === 0)
    return 'no repositories mirrored yet: add a connection under Administration → Issue tracker';
  if (query.data && current !== '' && !repositoryOf(query.data, current))
    return `${unknownRepository(current)}: no connection of this tenant offers it any more`;
  return undefined;
};

/**
 * §2 project details, issue tracker: the repository chooser (grouped by connection, 'KEY — Name') with
 * its project and board links, the issue id with its issue link, and the mirrored issue. §4: clearing
 * the repository clears the issue id. Nothing without the jira feature.
 */
export function ProjectTrackerFields({ form, editable }: ProjectTabProps) {
  const query = useRepositories();
  if (!query.jira) return null;
  const values = form.values;
  const current = values.jiraRepoId.trim();
  const repository = repositoryOf(query.data, current);
  const repoSet = current !== '';
  const note = chooserNote(query, current);
  return (
    <>
      <Divider label="Issue tracker" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label="Tracker repository"
            placeholder={editable ? 'search by key or name' : undefined}
            data={repositoryOptions(query.data ?? [], current)}
            searchable
            clearable={editable}
            readOnly={!editable}
            disabled={query.isLoading && editable}
            nothingFoundMessage="No repository matches"
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
          label="Issue id"
          openLabel="open issue"
          href={trackerIssueLink(values.jiraRepoUrl, values.jiraid)}
          readOnly={!editable || !repoSet}
          placeholder={
            editable && !repoSet
              ? 'choose a repository first'
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
  const query = useRepositories();
  if (!query.jira) return null;
  const values = form.values;
  const repositories = query.data ?? [];
  const projectRepo = group?.jirarepo ? String(group.jirarepo.id) : null;
  const projectRepository = repositoryOf(repositories, projectRepo);
  const chosen = values.jiragroup.trim();
  const repoId = projectRepo ?? (chosen || null);
  const hasRepository = projectRepo !== null;
  const note = hasRepository ? undefined : chooserNote(query, chosen);
  return (
    <Stack gap="sm">
      <Divider label="Issue tracker" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {!values.milestone && (
          <Select
            label="Issue group"
            data={repositoryOptions(repositories, hasRepository ? null : chosen)}
            searchable
            clearable={editable && !hasRepository}
            readOnly={!editable}
            disabled={hasRepository || (query.isLoading && editable)}
            placeholder={
              hasRepository
                ? `the project links ${projectRepository ? repositoryLabel(projectRepository) : projectRepo}`
                : editable
                  ? 'none: search by key or name'
                  : undefined
            }
            nothingFoundMessage="No repository matches"
            value={hasRepository ? null : chosen || null}
            onChange={(next) => form.setValues(changeIssueGroup(form.getValues(), next))}
            description={note && <span role="status">{note}</span>}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={form.errors.jiragroup}
          />
        )}
        <LinkField
          label="External issue id"
          openLabel="open issue"
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
