import { useState } from 'react';
import { Button, Group, List, SegmentedControl, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportPreview, ImportRowAction } from '@fahrplan/contracts';
import { useGetImportPageQuery } from './importsApi';
import { refusalText } from './refusalText';
import { ValueBadge } from '../common/ValueBadge';

interface Props {
  preview: ImportPreview;
  colours: Readonly<Record<ImportRowAction, string>>;
}

/** The preview's rows, a page at a time from the server, filtered by action. */
export function ImportRowsTable({ preview, colours }: Props) {
  const { t } = useTranslation('imports');
  const [action, setAction] = useState<ImportRowAction | null>(null);
  /** The cursors of the pages before the one shown. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useGetImportPageQuery({ id: preview.id, action, cursor });
  const rows = page.data?.rows ?? [];
  const badges: Record<ImportRowAction, string> = {
    create: t('badge.create'),
    update: t('badge.update'),
    unchanged: t('badge.unchanged'),
    refuse: t('badge.refuse'),
  };
  const filter = (value: string) => {
    setAction(value === 'all' ? null : (value as ImportRowAction));
    setCursors([null]);
  };

  return (
    <>
      <SegmentedControl
        aria-label={t('filter')}
        value={action ?? 'all'}
        onChange={filter}
        data={[
          { value: 'all', label: t('filterBy.all') },
          { value: 'create', label: t('filterBy.create') },
          { value: 'update', label: t('filterBy.update') },
          { value: 'unchanged', label: t('filterBy.unchanged') },
          { value: 'refuse', label: t('filterBy.refuse') },
        ]}
      />
      <Table.ScrollContainer minWidth={600} mah={360}>
        <Table striped aria-label={t('rows')} aria-busy={page.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('column.row')}</Table.Th>
              <Table.Th>{t('column.action')}</Table.Th>
              <Table.Th>{t('column.name')}</Table.Th>
              <Table.Th>{t('column.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && !page.isFetching && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    {t('noRows')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <ValueBadge value={row.action} colours={colours} labels={badges} />
                </Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  <List size="xs">
                    {row.action !== 'refuse' &&
                      row.changes.map((change) => (
                        <List.Item key={change.field}>
                          {t('change', {
                            field: change.field,
                            before: change.before || '—',
                            after: change.after || '—',
                          })}
                        </List.Item>
                      ))}
                    {row.refusals.map((refusal, i) => (
                      <List.Item key={i} c="red.9">
                        {refusalText(t, refusal)}
                      </List.Item>
                    ))}
                  </List>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" gap="xs">
        <Button
          variant="subtle"
          size="xs"
          disabled={cursors.length === 1}
          onClick={() => setCursors((list) => list.slice(0, -1))}
        >
          {t('previous')}
        </Button>
        <Button
          variant="subtle"
          size="xs"
          disabled={!page.data?.nextCursor}
          onClick={() => setCursors((list) => [...list, page.data?.nextCursor ?? null])}
        >
          {t('next')}
        </Button>
      </Group>
    </>
  );
}
