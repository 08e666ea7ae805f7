import { ActionIcon, Alert, Badge, Button, Group, Popover, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import type { AccountView } from '@fahrplan/contracts';
import { AccountEntriesTable } from '../accounts/AccountEntriesTable';
import { DeleteEntry } from '../accounts/DeleteEntry';
import { ImportEntriesButton } from '../accounts/ImportEntriesButton';
import { describeError } from '../common/problem';
import { ExportMenu } from '../sheet-export/ExportMenu';

export interface AccountQuery {
  data?: AccountView;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
}

/** Who owns the account: the labels of §2 and the number the account takes (§3). */
export interface AccountOwner {
  kind: 'application' | 'project';
  /** The field the account number comes from (the asset number, the project number) is filled in. */
  hasNumber: boolean;
  /** The user chose to add an account on save. */
  addAccount: boolean;
  onAddAccount: () => void;
}

function AddAccount({ kind, hasNumber, addAccount, onAddAccount }: AccountOwner) {
  const { t } = useTranslation('record-dialog');
  const add = { application: t('account.add.application'), project: t('account.add.project') };
  const numberFirst = {
    application: t('account.numberFirst.application'),
    project: t('account.numberFirst.project'),
  };
  if (addAccount) {
    return (
      <Badge color="yellow" variant="light" size="lg">
        {t('account.pending')}
      </Badge>
    );
  }
  return (
    <Group gap="xs">
      <Button variant="light" disabled={!hasNumber} onClick={onAddAccount}>
        {add[kind]}
      </Button>
      {!hasNumber && (
        <Popover width={280} withArrow position="right">
          <Popover.Target>
            <ActionIcon variant="subtle" aria-label={t('account.whyDisabled')}>
              <IconInfoCircle size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="sm">{numberFirst[kind]}</Text>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}

/** §2 Finance of an application or a project: the account's entries, or 'no … account' with the add button. */
export function AccountPane({
  owner,
  editable,
  accountId,
  account,
}: {
  owner: AccountOwner;
  editable: boolean;
  accountId: number | null;
  account: AccountQuery;
}) {
  const { t } = useTranslation('record-dialog');
  if (accountId === null) {
    const none = { application: t('account.none.application'), project: t('account.none.project') };
    return (
      <Stack align="flex-start">
        <Text c="dimmed">{none[owner.kind]}</Text>
        {editable && <AddAccount {...owner} />}
      </Stack>
    );
  }
  if (account.isLoading) return <Skeleton height={120} />;
  if (account.isError || !account.data) {
    return <Alert color="red">{describeError(account.error)}</Alert>;
  }
  const { accountNumber, name, entries } = account.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="account.heading"
            values={{ accountNumber, name }}
            components={{ number: <b /> }}
          />
        </Text>
        <ExportMenu kind="accounts" filter={{ account: accountId }} />
        {editable && (
          <ImportEntriesButton
            accountId={accountId}
            refType={owner.kind === 'project' ? 'group' : 'application'}
          />
        )}
      </Group>
      {entries.length === 0 ? (
        <Text c="dimmed">{t('account.noEntries')}</Text>
      ) : (
        <AccountEntriesTable
          entries={entries}
          actions={editable ? (entry) => <DeleteEntry accountId={accountId} entry={entry} /> : undefined}
        />
      )}
    </Stack>
  );
}
