import { Badge } from '@mantine/core';
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

const columns: DataTableColumn<ApplicationView>[] = [
  {
    accessor: 'name',
    title: 'Name',
    sortable: true,
    // a long name is cut (its tooltip shows it whole) rather than pushing the other columns aside
    render: ({ name }) => <TruncatedText maw="min(360px, 40vw)">{name}</TruncatedText>,
  },
  { accessor: 'release', title: 'Release', sortable: true },
  { accessor: 'shortname', title: 'Short name', sortable: true },
  {
    accessor: 'status',
    title: 'Status',
    sortable: true,
    render: ({ status }) => (
      <Badge variant="light" color={status === 'UNDEFINIERT' ? 'gray' : 'blue'}>
        {status}
      </Badge>
    ),
  },
  { accessor: 'contact', title: 'Contact', sortable: true },
  { accessor: 'assetNr', title: 'Asset number', sortable: true },
  { accessor: 'vendor', title: 'Vendor', sortable: true },
  { accessor: 'end', title: 'End', sortable: true, render: ({ end }) => endFromServer(end) ?? '' },
];

export function ApplicationsTable({ applications, ...props }: Props) {
  return <CatalogueTable records={applications} columns={columns} kind="application" {...props} />;
}
