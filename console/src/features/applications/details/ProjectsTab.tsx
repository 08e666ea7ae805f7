import { Group, Table, Text, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import type { ApplicationView } from '@fahrplan/contracts';
import { listDate } from '../../common/listDate';

interface Props {
  projects: ApplicationView['projects'];
  /** Hermes-type projects show their phase instead of the status. */
  hermes: boolean;
}

/** Read-only list of the projects that use the application (§2 Projects). */
export function ProjectsTab({ projects, hermes }: Props) {
  if (projects.length === 0) return <Text c="dimmed">no projects</Text>;
  return (
    <Table striped aria-label="projects">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Title</Table.Th>
          <Table.Th>{hermes ? 'Phase' : 'Status'}</Table.Th>
          <Table.Th>End</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {projects.map((project) => (
          <Table.Tr key={`${project.tenant}-${project.id}`}>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{project.title}</Text>
                {project.shared && (
                  <Tooltip label={`shared by ${project.tenant}`}>
                    <IconLink size={14} aria-label={`shared by ${project.tenant}`} />
                  </Tooltip>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{(hermes ? project.phase : project.status) ?? ''}</Table.Td>
            <Table.Td>{listDate(project.end)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
