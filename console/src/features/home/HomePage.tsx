import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { applicationStatuses } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { useGetApplicationsQuery } from '../applications/applicationsApi';
import { selectMe } from '../auth/sessionSlice';

/** A simple overview until the timeline arrives: application counts and the way to the list. */
export function HomePage() {
  const me = useAppSelector(selectMe);
  const { data, isLoading } = useGetApplicationsQuery({});
  const applications = data ?? [];
  const byStatus = applicationStatuses
    .map((status) => ({ status, count: applications.filter((a) => a.status === status).length }))
    .filter(({ count }) => count > 0);

  return (
    <Stack>
      <Title order={2}>Welcome{me ? `, ${me.displayName || me.username}` : ''}</Title>
      <Text c="dimmed">Fahrplan catalogues the IT applications of {me?.tenant ?? 'your tenant'}.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Applications
          </Text>
          {isLoading ? (
            <Skeleton height={36} mt={4} width={80} />
          ) : (
            <Text fz={32} fw={700} data-testid="application-count">
              {applications.length}
            </Text>
          )}
          <Anchor component={Link} to="/applications" size="sm">
            Show applications
          </Anchor>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed" mb="xs">
            By status
          </Text>
          {isLoading ? (
            <Skeleton height={60} />
          ) : byStatus.length === 0 ? (
            <Text size="sm">No applications yet</Text>
          ) : (
            byStatus.map(({ status, count }) => (
              <Group key={status} justify="space-between">
                <Text size="sm">{status}</Text>
                <Text size="sm" fw={600}>
                  {count}
                </Text>
              </Group>
            ))
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
