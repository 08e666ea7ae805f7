import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetAccountQuery } from '../../accounts/accountsApi';
import { FormCommentsPane } from '../../record-dialog/CommentsPane';
import { AccountPane } from '../../record-dialog/AccountPane';
import { useGetCommentsInfiniteQuery } from '../../comments/commentsApi';
import type { ProjectTabProps } from './projectFormTypes';

// Both tabs mount only when first shown (Tabs keepMounted={false}), so their data loads lazily (§2).

/** §2 Finance: the project account's entries, or 'no project account' with the add button. */
export function ProjectFinanceTab({
  form,
  editable,
  accountId,
}: ProjectTabProps & { accountId: number | null }) {
  const account = useGetAccountQuery(accountId ?? skipToken);
  return (
    <AccountPane
      owner={{
        kind: 'project',
        hasNumber: form.values.projectNr.trim() !== '',
        addAccount: form.values.addAccount,
        onAddAccount: () => form.setFieldValue('addAccount', true),
      }}
      editable={editable}
      accountId={accountId}
      account={account}
    />
  );
}

/** §2 Comments of the project (refType PROJECT), oldest first, plus the new-comment box. */
export function ProjectCommentsTab({
  form,
  editable,
  projectId,
}: ProjectTabProps & { projectId: number | null }) {
  const query = useGetCommentsInfiniteQuery(
    projectId === null ? skipToken : { refType: 'PROJECT', refId: projectId },
  );
  return <FormCommentsPane form={form} editable={editable} query={query} />;
}
