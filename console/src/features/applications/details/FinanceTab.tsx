import { AccountPane } from '../../record-dialog/AccountPane';
import type { AccountOwner, AccountQuery } from '../../record-dialog/AccountPane';
import type { TabProps } from './formTypes';

interface Props extends TabProps {
  accountId: number | null;
  account: AccountQuery;
}

/** §2 Finance: the account's entries, or 'no application account' with the add button in edit mode. */
export function FinanceTab({ form, editable, accountId, account }: Props) {
  const owner: AccountOwner = {
    kind: 'application',
    hasNumber: form.values.assetNr.trim() !== '',
    addAccount: form.values.addAccount,
    onAddAccount: () => form.setFieldValue('addAccount', true),
  };
  return <AccountPane owner={owner} editable={editable} accountId={accountId} account={account} />;
}
