import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

const tagTypes = [
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
  'Webhook',
  'Live',
  'History',
  'Baseline',
  'Scenario',
  'CalendarFeed',
  'Calendar',
] as const;
/** What a query provides and a command invalidates (RTK Query's cache tags). */
export type ApiTag = (typeof tagTypes)[number];

/** The one API of the console; features add their endpoints with injectEndpoints. */
export const apiSlice = createApi({ reducerPath: 'api', baseQuery, tagTypes, endpoints: () => ({}) });
