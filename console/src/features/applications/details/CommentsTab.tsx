import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetApplicationCommentsQuery } from '../../comments/commentsApi';
import { FormCommentsPane } from '../../record-dialog/CommentsPane';
import type { TabProps } from './formTypes';

export function CommentsTab({ form, editable, applicationId }: TabProps & { applicationId: number | null }) {
  const query = useGetApplicationCommentsQuery(applicationId ?? skipToken);
  return <FormCommentsPane form={form} editable={editable} query={query} />;
}
