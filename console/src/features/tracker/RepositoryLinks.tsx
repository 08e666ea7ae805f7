import { ActionIcon, Group, Menu, Text, Tooltip } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { IconExternalLink, IconLayoutKanban } from '@tabler/icons-react';
import { trackerBoardLink, trackerProjectLink } from '@fahrplan/contracts';
import type { TrackerRepositoryView } from '@fahrplan/contracts';
import { describeError } from '../common/problem';
import { repositoryOf, unknownRepository } from './repositoryOptions';
import { useGetTrackerRepositoriesQuery } from './trackerApi';
import { useJiraEnabled } from './useTracker';

/** The mirrored tracker repositories, fetched only with the jira feature on. */
export const useRepositories = () => {
  const jira = useJiraEnabled();
  return { jira, ...useGetTrackerRepositoriesQuery(jira ? undefined : skipToken) };
};

const projectLinkOf = (repository: TrackerRepositoryView) =>
  repository.url ?? trackerProjectLink(repository.baseUrl, repository.key);

/** The open-project button and the boards menu beside the repository chooser (§1 project and board links). */
export function RepositoryLinks({ repository }: { repository: TrackerRepositoryView | null }) {
  const projectLink = repository && projectLinkOf(repository);
  const boards = repository?.boards ?? [];
  const { t } = useTranslation('tracker');
  return (
    <Group gap={4} wrap="nowrap" mb={1}>
      <Tooltip label={projectLink ? t('links.openIn', { key: repository?.key }) : t('links.noRepository')}>
        <ActionIcon
          size={36}
          variant="default"
          aria-label={t('links.open')}
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
          <Tooltip
            label={boards.length > 0 ? t('links.boardCount', { count: boards.length }) : t('links.noBoards')}
          >
            <ActionIcon
              size={36}
              variant="default"
              aria-label={t('links.boards')}
              disabled={boards.length === 0}
            >
              <IconLayoutKanban size={16} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('links.boardsOf', { key: repository?.key })}</Menu.Label>
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

/**
 * A note under the chooser: why the list is empty or failed, or that the stored id is unknown. The keys
 * name their namespace: the choosers of other features pass their own `t`.
 */
export const chooserNote = (
  query: { isError: boolean; error?: unknown; data?: readonly TrackerRepositoryView[] },
  current: string,
  t: TFunction,
) => {
  if (query.isError) return t('tracker:repositories.loadError', { reason: describeError(query.error) });
  if (query.data && query.data.length === 0) return t('tracker:repositories.none');
  if (query.data && current !== '' && !repositoryOf(query.data, current))
    return t('tracker:repositories.notOffered', { repository: unknownRepository(current, t) });
  return undefined;
};
