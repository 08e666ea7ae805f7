import { useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconChevronRight, IconLink, IconShare } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import type { DataTableColumn } from 'mantine-datatable';
import type { ShareView } from '@fahrplan/contracts';
import { ConfirmDialog } from '../record-dialog/FormDialog';
import { describeError } from '../common/problem';
import { useCan } from '../auth/permissions';
import { LoadError } from '../common/CataloguePage';
import { EmptyState } from '../common/EmptyState';
import { notifyError, notifySuccess } from '../common/notify';
import { useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { historyLine, historyTime, shareKey, shareTitle, statusColour } from './shareRows';
import {
  useAcceptShareMutation,
  useDeclineShareMutation,
  useGetSharePagesInfiniteQuery,
  useRevokeShareMutation,
} from './sharesApi';
import type { SharesQuery } from './sharesApi';
import { pageItems } from '../api/pages';
import { LoadMore, morePages } from '../common/LoadMore';

/** Buttons inside a row must not also expand it. */
const inRow = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

/** Runs a share command; its failure is a §8 notice (5 s) with the server's message. */
const notifying = async (run: () => Promise<unknown>, success: string) => {
  try {
    await run();
    notifySuccess(success);
  } catch (error) {
    notifyError(describeError(error));
  }
};

function ShareHistory({ share }: { share: ShareView }) {
  return (
    <Timeline bulletSize={14} lineWidth={2} py="sm" px="xl" aria-label={`history of ${shareTitle(share)}`}>
      {share.history.map((entry, i) => (
        <Timeline.Item key={i} title={historyLine(entry)}>
          <Text size="xs" c="dimmed">
            {historyTime(entry.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function ProjectCell({ share, open }: { share: ShareView; open: ((id: number) => void) | null }) {
  const title = shareTitle(share);
  return (
    <Group gap={6} wrap="nowrap">
      {open ? (
        <Anchor component="button" type="button" size="sm" onClick={inRow(() => open(share.project))}>
          {title}
        </Anchor>
      ) : (
        <Text size="sm">{title}</Text>
      )}
    </Group>
  );
}

const statusColumn: DataTableColumn<ShareView> = {
  accessor: 'status',
  title: 'Status',
  render: ({ status }) => (
    <Badge variant="light" color={statusColour[status]}>
      {status}
    </Badge>
  ),
};
const changedColumn: DataTableColumn<ShareView> = {
  accessor: 'history',
  title: 'Last change',
  noWrap: true,
  render: ({ history }) => (history.length > 0 ? historyTime(history.at(-1)!.at) : ''),
};
/** Both tables end with the status, the last change and the row's actions (right-aligned). */
const lastColumns = (actions: (share: ShareView) => ReactNode): DataTableColumn<ShareView>[] => [
  statusColumn,
  changedColumn,
  { accessor: 'actions', title: '', textAlign: 'right', render: actions },
];

/**
 * A titled section with one side's shares, page after page: their table (rows expand to their
 * history), or its empty state.
 */
function SharesSection({
  title,
  direction,
  columns,
  empty,
}: {
  title: string;
  direction: SharesQuery['direction'];
  columns: DataTableColumn<ShareView>[];
  empty: string;
}) {
  const pages = useGetSharePagesInfiniteQuery({ direction });
  const { data, error, isLoading, isError } = pages;
  const shares = pageItems(data);
  const [expanded, setExpanded] = useState<string[]>([]);
  // a click on a row shows its history; the chevron tells which rows are open
  const chevron: DataTableColumn<ShareView> = {
    accessor: 'expanded',
    title: '',
    width: 36,
    render: (share) => (
      <IconChevronRight
        size={14}
        aria-hidden
        style={{
          transform: expanded.includes(shareKey(share)) ? 'rotate(90deg)' : undefined,
          transition: 'transform 150ms',
        }}
      />
    ),
  };
  if (isLoading)
    return <Skeleton height={160} radius="sm" aria-label={`loading the ${title.toLowerCase()} shares`} />;
  if (isError && !data) return <LoadError title={`${title} shares could not be loaded`} error={error} />;
  return (
    <Stack gap="xs">
      <Title order={3}>{title}</Title>
      {shares.length === 0 ? (
        <EmptyState icon={IconShare} text={empty} />
      ) : (
        <DataTable<ShareView>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          records={[...shares]}
          columns={[chevron, ...columns]}
          idAccessor={shareKey}
          rowExpansion={{
            allowMultiple: true,
            expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
            content: ({ record }) => <ShareHistory share={record} />,
          }}
          customRowAttributes={(record) => ({ 'data-testid': `share-row-${shareKey(record)}` })}
          aria-label={`${title.toLowerCase()} shares`}
        />
      )}
      <LoadMore {...morePages(pages)} label={`Load more ${title.toLowerCase()} shares`} />
    </Stack>
  );
}

/**
 * §3/§5 project shares of the tenant: incoming ones to accept or decline (an accepted one opens
 * read-only), outgoing ones to revoke; each row expands to its history of requests and decisions.
 */
export function SharesPage() {
  const canDecide = useCan('group-shares', 'EDIT');
  const { openExisting } = useOpenProjectDialog();
  const [accept, accepting] = useAcceptShareMutation();
  const [decline, declining] = useDeclineShareMutation();
  const [revoke, revoking] = useRevokeShareMutation();
  const [confirming, setConfirming] = useState<ShareView | null>(null);
  const busy = accepting.isLoading || declining.isLoading || revoking.isLoading;

  /** Accept or Decline of an incoming share; `done` starts the success notice. */
  const decision = (
    share: ShareView,
    label: string,
    send: (arg: { project: number }) => { unwrap: () => Promise<unknown> },
    done: string,
    variant?: string,
  ) => (
    <Button
      size="xs"
      variant={variant}
      disabled={busy}
      onClick={inRow(
        () => void notifying(() => send({ project: share.project }).unwrap(), `${done} ${shareTitle(share)}`),
      )}
    >
      {label}
    </Button>
  );

  const incomingColumns: DataTableColumn<ShareView>[] = [
    {
      accessor: 'title',
      title: 'Project',
      render: (share) => (
        <ProjectCell share={share} open={share.status === 'ACCEPTED' ? openExisting : null} />
      ),
    },
    {
      accessor: 'owner',
      title: 'Shared by',
      render: ({ owner, status }) => (
        <Group gap={4} wrap="nowrap">
          {status === 'ACCEPTED' && <IconLink size={14} aria-label={`shared by ${owner}`} />}
          {owner}
        </Group>
      ),
    },
    ...lastColumns((share) =>
      share.status === 'PENDING' && canDecide ? (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {decision(share, 'Accept', accept, 'accepted')}
          {decision(share, 'Decline', decline, 'declined', 'default')}
        </Group>
      ) : null,
    ),
  ];

  const outgoingColumns: DataTableColumn<ShareView>[] = [
    {
      accessor: 'title',
      title: 'Project',
      render: (share) => <ProjectCell share={share} open={openExisting} />,
    },
    { accessor: 'tenant', title: 'Shared with' },
    ...lastColumns((share) =>
      (share.status === 'PENDING' || share.status === 'ACCEPTED') && canDecide ? (
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={busy}
          onClick={inRow(() => setConfirming(share))}
        >
          Revoke
        </Button>
      ) : null,
    ),
  ];

  const confirmRevoke = async () => {
    const share = confirming;
    setConfirming(null);
    if (share)
      await notifying(
        () => revoke({ project: share.project, tenant: share.tenant }).unwrap(),
        `no longer shared with ${share.tenant}`,
      );
  };

  return (
    <Stack gap="lg">
      <Title order={2}>Sharing</Title>
      <SharesSection
        title="Incoming"
        direction="incoming"
        columns={incomingColumns}
        empty="No project has been shared with this tenant"
      />
      <SharesSection
        title="Outgoing"
        direction="outgoing"
        columns={outgoingColumns}
        empty="No project of this tenant is shared"
      />
      {confirming && (
        <ConfirmDialog
          title="Revoke the share?"
          confirmLabel="Revoke"
          busy={revoking.isLoading}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void confirmRevoke()}
        >
          <Text size="sm">
            {`${confirming.tenant} will no longer see ${shareTitle(confirming)}, from its next request on.`}
          </Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
