import { useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconChevronRight, IconLink, IconShare } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ShareView } from '@fahrplan/contracts';
import { ConfirmDialog } from '../record-dialog/FormDialog';
import { describeError } from '../common/problem';
import { useCan } from '../auth/permissions';
import { LoadError } from '../common/CataloguePage';
import { EmptyState } from '../common/EmptyState';
import { notifyError, notifySuccess } from '../common/notify';
import { useOpenProjectDialog } from '../record-dialog/useOpenRecordDialog';
import { historyLine, historyTime, shareKey, shareTitle, statusColour, statusLabel } from './shareRows';
import {
  useAcceptShareMutation,
  useDeclineShareMutation,
  useGetSharePagesInfiniteQuery,
  useRevokeShareMutation,
} from './sharesApi';

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
  const { t } = useTranslation('shares');
  return (
    <Timeline
      bulletSize={14}
      lineWidth={2}
      py="sm"
      px="xl"
      aria-label={t('historyLabel', { title: shareTitle(share, t) })}
    >
      {share.history.map((entry, i) => (
        <Timeline.Item key={i} title={historyLine(entry, t)}>
          <Text size="xs" c="dimmed">
            {historyTime(entry.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function ProjectCell({ share, open }: { share: ShareView; open: ((id: number) => void) | null }) {
  const { t } = useTranslation('shares');
  const title = shareTitle(share, t);
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

/** Both tables end with the status, the last change and the row's actions (right-aligned). */
const lastColumns = (
  t: TFunction,
  actions: (share: ShareView) => ReactNode,
): DataTableColumn<ShareView>[] => [
  {
    accessor: 'status',
    title: t('shares:columns.status'),
    render: ({ status }) => (
      <Badge variant="light" color={statusColour[status]}>
        {statusLabel(status, t)}
      </Badge>
    ),
  },
  {
    accessor: 'history',
    title: t('shares:columns.lastChange'),
    noWrap: true,
    render: ({ history }) => (history.length > 0 ? historyTime(history.at(-1)!.at) : ''),
  },
  { accessor: 'actions', title: '', textAlign: 'right', render: actions },
];

/**
 * A titled section with one side's shares, page after page: their table (rows expand to their
 * history), or its empty state.
 */
function SharesSection({
  direction,
  columns,
}: {
  direction: 'incoming' | 'outgoing';
  columns: DataTableColumn<ShareView>[];
}) {
  const { t } = useTranslation('shares');
  // its heading, its table's name and its loading, failure, more and empty texts
  const text = (what: 'title' | 'table' | 'loading' | 'loadFailed' | 'loadMore' | 'empty') =>
    t(`${direction}.${what}`);
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
  if (isLoading) return <Skeleton height={160} radius="sm" aria-label={text('loading')} />;
  if (isError && !data) return <LoadError title={text('loadFailed')} error={error} />;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {text('title')}
      </Title>
      {shares.length === 0 ? (
        <EmptyState icon={IconShare} text={text('empty')} />
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
          aria-label={text('table')}
        />
      )}
      <LoadMore {...morePages(pages)} label={text('loadMore')} />
    </Stack>
  );
}

/**
 * §3/§5 project shares of the tenant: incoming ones to accept or decline (an accepted one opens
 * read-only), outgoing ones to revoke; each row expands to its history of requests and decisions.
 */
export function SharesPage() {
  const { t } = useTranslation('shares');
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
    done: (title: string) => string,
    variant?: string,
  ) => (
    <Button
      size="xs"
      variant={variant}
      disabled={busy}
      onClick={inRow(
        () => void notifying(() => send({ project: share.project }).unwrap(), done(shareTitle(share, t))),
      )}
    >
      {label}
    </Button>
  );

  const incomingColumns: DataTableColumn<ShareView>[] = [
    {
      accessor: 'title',
      title: t('columns.project'),
      render: (share) => (
        <ProjectCell share={share} open={share.status === 'ACCEPTED' ? openExisting : null} />
      ),
    },
    {
      accessor: 'owner',
      title: t('columns.sharedBy'),
      render: ({ owner, status }) => (
        <Group gap={4} wrap="nowrap">
          {status === 'ACCEPTED' && <IconLink size={14} aria-label={t('sharedByOwner', { owner })} />}
          {owner}
        </Group>
      ),
    },
    ...lastColumns(t, (share) =>
      share.status === 'PENDING' && canDecide ? (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {decision(share, t('accept'), accept, (title) => t('notify.accepted', { title }))}
          {decision(share, t('decline'), decline, (title) => t('notify.declined', { title }), 'default')}
        </Group>
      ) : null,
    ),
  ];

  const outgoingColumns: DataTableColumn<ShareView>[] = [
    {
      accessor: 'title',
      title: t('columns.project'),
      render: (share) => <ProjectCell share={share} open={openExisting} />,
    },
    { accessor: 'tenant', title: t('columns.sharedWith') },
    ...lastColumns(t, (share) =>
      (share.status === 'PENDING' || share.status === 'ACCEPTED') && canDecide ? (
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={busy}
          onClick={inRow(() => setConfirming(share))}
        >
          {t('revoke.button')}
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
        t('notify.revoked', { tenant: share.tenant }),
      );
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <SharesSection direction="incoming" columns={incomingColumns} />
      <SharesSection direction="outgoing" columns={outgoingColumns} />
      {confirming && (
        <ConfirmDialog
          title={t('revoke.title')}
          confirmLabel={t('revoke.button')}
          busy={revoking.isLoading}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void confirmRevoke()}
        >
          <Text size="sm">
            {t('revoke.consequence', { tenant: confirming.tenant, title: shareTitle(confirming, t) })}
          </Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
