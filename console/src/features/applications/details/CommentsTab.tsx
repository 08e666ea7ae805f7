import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetCommentsInfiniteQuery } from '../../comments/commentsApi';
import { FormCommentsPane } from '../../record-dialog/CommentsPane';
import type { TabProps } from './formTypes';

export function CommentsTab({ form, editable, applicationId }: TabProps & { applicationId: number | null }) {
  const query = useGetCommentsInfiniteQuery(
    applicationId === null ? skipToken : { refType: 'application', refId: applicationId },
  );
  return <FormCommentsPane form={form} editable={editable} query={query} />;
}
