import { Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { endFromServer } from '@fahrplan/contracts';
import type { ApplicationView } from '@fahrplan/contracts';
import { CatalogueTable } from '../common/CatalogueTable';
import type { CatalogueState } from '../common/CatalogueTable';
import { sortApplications } from './sortApplications';

interface Props extends CatalogueState {
  applications: readonly ApplicationView[];
}

const columns: DataTableColumn<ApplicationView>[] = [
  { accessor: 'name', title: 'Name', sortable: true },
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
  return (
    <CatalogueTable
      records={applications}
      columns={columns}
      sort={sortApplications}
      initialSort="name"
      kind="application"
      {...props}
    />
  );
}
