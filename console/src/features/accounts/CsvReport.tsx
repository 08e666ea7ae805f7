import { Alert, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AccountEntriesTable } from './AccountEntriesTable';
import type { EntriesCsv } from './parseEntriesCsv';
import { TableHeader } from '../common/TableHeader';

const PREVIEW_ROWS = 10;
const REPORTED_ISSUES = 200;

/** The rows the file rejects, by spreadsheet row number, with what is wrong in which field. */
function RejectedRows({ rejected }: { rejected: EntriesCsv['rejected'] }) {
  const { t } = useTranslation('accounts');
  if (rejected.length === 0) return null;
  const issues = rejected.flatMap((r) => r.issues.map((issue) => ({ row: r.row, ...issue })));
  return (
    <Stack gap={4}>
      <Title order={5}>{t('report.rejectedRows')}</Title>
      <Text size="xs" c="dimmed">
        {t('report.rowNumbers')}
      </Text>
      <Table.ScrollContainer minWidth={400} mah={240}>
        <Table striped aria-label={t('report.rejectedTable')}>
          <TableHeader
            cells={[
              { label: t('report.row'), w: 70 },
              { label: t('report.column'), w: 110 },
              t('report.allowed'),
            ]}
          />
          <Table.Tbody>
            {issues.slice(0, REPORTED_ISSUES).map((issue, index) => (
              <Table.Tr key={`${issue.row}-${issue.field}-${index}`}>
                <Table.Td>{issue.row}</Table.Td>
                <Table.Td>{issue.field}</Table.Td>
                <Table.Td>{issue.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {issues.length > REPORTED_ISSUES && (
        <Text size="xs" c="dimmed">
          {t('report.moreProblems', { count: issues.length - REPORTED_ISSUES })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * What a chosen file holds: why it cannot be imported at all, or its valid and rejected rows with a
 * preview of the first ones, the rejected rows' problems and the parser's notes.
 */
export function CsvReport({ csv }: { csv: EntriesCsv }) {
  const { t } = useTranslation('accounts');
  const count = csv.entries.length;
  if (csv.problems.length > 0)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('report.cannotImport')} role="alert">
        <List size="sm">
          {csv.problems.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      </Alert>
    );
  return (
    <>
      <Group gap="xs">
        <Badge color={count > 0 ? 'green' : 'gray'} variant="light" size="lg">
          {t('report.validRows', { count })}
        </Badge>
        <Badge color={csv.rejected.length > 0 ? 'red' : 'gray'} variant="light" size="lg">
          {t('report.rejected', { count: csv.rejected.length })}
        </Badge>
      </Group>

      {count === 0 && (
        <Alert color="orange" icon={<IconAlertCircle />} role="alert">
          {t('report.noValidRow')}
        </Alert>
      )}

      {count > 0 && (
        <Stack gap={4}>
          <Title order={5}>{t('report.preview')}</Title>
          <Text size="xs" c="dimmed">
            {count > PREVIEW_ROWS
              ? t('report.firstRows', { shown: PREVIEW_ROWS, count })
              : t('report.allRows', { count })}
          </Text>
          <AccountEntriesTable
            entries={csv.entries.slice(0, PREVIEW_ROWS)}
            columnsOf={csv.entries}
            label={t('report.previewTable')}
          />
        </Stack>
      )}

      <RejectedRows rejected={csv.rejected} />

      {csv.notes.length > 0 && (
        <Alert color="blue" icon={<IconInfoCircle />} title={t('report.notes')}>
          <List size="sm">
            {csv.notes.slice(0, 20).map((n) => (
              <List.Item key={n}>{n}</List.Item>
            ))}
            {csv.notes.length > 20 && (
              <List.Item>{t('report.moreNotes', { count: csv.notes.length - 20 })}</List.Item>
            )}
          </List>
        </Alert>
      )}
    </>
  );
}
