import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { endFromServer } from '@fahrplan/contracts';
import type { ApplicationView } from '@fahrplan/contracts';
import { CatalogueTable } from '../common/CatalogueTable';
import { TruncatedText } from '../common/TruncatedText';
import type { CataloguePages, CatalogueState } from '../common/CatalogueTable';

/** The catalogue's sort key of each sortable column (GET /api/applications `sort`): the column's own name. */
export const applicationSortKeys: Readonly<Record<string, string>> = Object.fromEntries(
  ['name', 'release', 'shortname', 'status', 'contact', 'assetNr', 'vendor', 'end'].map((key) => [key, key]),
);

interface Props extends CatalogueState, CataloguePages {
  applications: readonly ApplicationView[];
  sortStatus: DataTableSortStatus<ApplicationView>;
  onSortStatusChange: (status: DataTableSortStatus<ApplicationView>) => void;
}

const columnsOf = (t: TFunction<'applications'>): DataTableColumn<ApplicationView>[] => [
  {
    accessor: 'name',
    title: t('fields.name'),
    sortable: true,
    // a long name is cut (its tooltip shows it whole) rather than pushing the other columns aside
    render: ({ name }) => <TruncatedText maw="min(360px, 40vw)">{name}</TruncatedText>,
  },
  { accessor: 'release', title: t('fields.release'), sortable: true },
  { accessor: 'shortname', title: t('fields.shortname'), sortable: true },
  {
    accessor: 'status',
    title: t('fields.status'),
    sortable: true,
    render: ({ status }) => (
      <Badge variant="light" color={status === 'UNDEFINIERT' ? 'gray' : 'blue'}>
        {status}
      </Badge>
    ),
  },
  { accessor: 'contact', title: t('fields.contact'), sortable: true },
  { accessor: 'assetNr', title: t('fields.assetNr'), sortable: true },
  { accessor: 'vendor', title: t('fields.vendor'), sortable: true },
  { accessor: 'end', title: t('fields.end'), sortable: true, render: ({ end }) => endFromServer(end) ?? '' },
];

export function ApplicationsTable({ applications, ...props }: Props) {
  const { t } = useTranslation('applications');
  const columns = useMemo(() => columnsOf(t), [t]);
  return <CatalogueTable records={applications} columns={columns} kind="application" {...props} />;
}
