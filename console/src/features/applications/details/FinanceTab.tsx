import { ActionIcon, Alert, Badge, Button, Group, Popover, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { AccountView } from '@fahrplan/contracts';
import { AccountEntriesTable } from '../../accounts/AccountEntriesTable';
import { ImportEntriesButton } from '../../accounts/ImportEntriesButton';
import { describeError } from '../../api/problem';
import type { TabProps } from './formTypes';

interface Props extends TabProps {
  accountId: number | null;
  account: { data?: AccountView; isLoading: boolean; isError: boolean; error?: unknown };
}

function AddAccount({ form }: Pick<TabProps, 'form'>) {
  if (form.values.addAccount) {
    return (
      <Badge color="yellow" variant="light" size="lg">
        account pending
      </Badge>
    );
  }
  const hasAssetNr = form.values.assetNr.trim() !== '';
  return (
    <Group gap="xs">
      <Button variant="light" disabled={!hasAssetNr} onClick={() => form.setFieldValue('addAccount', true)}>
        add application account
      </Button>
      {!hasAssetNr && (
        <Popover width={280} withArrow position="right">
          <Popover.Target>
            <ActionIcon variant="subtle" aria-label="why adding an account is disabled">
              <IconInfoCircle size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="sm">
              The application account takes its number from the asset number. Enter an asset number on the
              Overview tab first.
            </Text>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}

/** §2 Finance: the account's entries, or 'no application account' with the add button in edit mode. */
export function FinanceTab({ form, editable, accountId, account }: Props) {
  if (accountId === null) {
    return (
      <Stack align="flex-start">
        <Text c="dimmed">no application account</Text>
        {editable && <AddAccount form={form} />}
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
          Account <b>{accountNumber}</b> {name}
        </Text>
        {editable && <ImportEntriesButton accountId={accountId} />}
      </Group>
      {entries.length === 0 ? <Text c="dimmed">no entries</Text> : <AccountEntriesTable entries={entries} />}
    </Stack>
  );
}
