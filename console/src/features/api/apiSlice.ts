import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/** The one API of the console; features add their endpoints with injectEndpoints. */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Application',
    'Group',
    'Comment',
    'Account',
    'Me',
    'Item',
    'Timeline',
    'Share',
    'Resource',
    'AdminTenant',
    'AdminRoles',
    'AdminUsers',
    'AdminInvitations',
    'TrackerConnection',
    'TrackerRepository',
    'TrackerIssue',
    'TrackerRelease',
    'TrackerStatus',
    'Live',
    'History',
  ],
  endpoints: () => ({}),
});
