import { Anchor, Button, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProjectOfApplication } from '@fahrplan/contracts';
import { pageItems } from '../../api/pages';
import { listDate } from '../../common/listDate';
import { useOpenProjectDialog } from '../../record-dialog/useOpenRecordDialog';
import { useGetApplicationProjectsInfiniteQuery } from '../applicationsApi';
import { LoadMore, morePages } from '../../common/LoadMore';
import { OptionBadge } from '../../options/OptionBadge';
import { TableHeader } from '../../common/TableHeader';

interface Props {
  /** Hermes-type projects show their phase instead of the status. */
  hermes: boolean;
  /** The saved application, null while new: 'new project' preselects it (§2, with ALM only). */
  applicationId: number | null;
  alm: boolean;
}

/** Read-only list of the projects that use the application (§2 Projects), a page at a time. */
export function ProjectsTab({ hermes, applicationId, alm }: Props) {
  const { t } = useTranslation('applications');
  const { openExisting, openNew, canCreate } = useOpenProjectDialog();
  const pages = useGetApplicationProjectsInfiniteQuery(applicationId ?? skipToken);
  const { data, isLoading } = pages;
  const projects = pageItems(data);
  return (
    <Stack align="stretch">
      {alm && applicationId !== null && canCreate && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => openNew(applicationId)}>
            {t('projects.new')}
          </Button>
        </Group>
      )}
      {isLoading ? (
        <Skeleton height={60} />
      ) : projects.length === 0 ? (
        <Text c="dimmed">{t('projects.none')}</Text>
      ) : (
        <ProjectsTable projects={projects} hermes={hermes} onOpen={openExisting} />
      )}
      <LoadMore {...morePages(pages)} label={t('projects.loadMore')} />
    </Stack>
  );
}

function ProjectsTable({
  projects,
  hermes,
  onOpen,
}: Pick<Props, 'hermes'> & { projects: readonly ProjectOfApplication[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation('applications');
  return (
    <Table striped aria-label={t('projects.table')}>
      <TableHeader
        cells={[t('projects.title'), hermes ? t('projects.phase') : t('projects.status'), t('projects.end')]}
      />
      <Table.Tbody>
        {projects.map((project) => (
          <Table.Tr key={`${project.tenant}-${project.id}`}>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Anchor component="button" type="button" size="sm" onClick={() => onOpen(project.id)}>
                  {project.title}
                </Anchor>
                {project.shared && (
                  <Tooltip label={t('projects.sharedBy', { tenant: project.tenant })}>
                    <IconLink size={14} aria-label={t('projects.sharedBy', { tenant: project.tenant })} />
                  </Tooltip>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              {hermes ? (
                <OptionBadge kind="projectPhase" value={project.phase ?? null} />
              ) : (
                <OptionBadge kind="projectStatus" value={project.status ?? null} />
              )}
            </Table.Td>
            <Table.Td>{listDate(project.end)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
