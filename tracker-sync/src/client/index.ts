export { publicAddressesOnly, RefusedAddressError } from '@fahrplan/platform';
export type { AddressGuard } from '@fahrplan/platform';
export { adfToText, isAdfDocument, toAdf } from './adf';
export type { AdfDocument, AdfNode } from './adf';
export { toQueryString } from './query';
export type { Query, QueryValue } from './query';
export { backoffDelay, defaultRetryPolicy, parseRetryAfter } from './retry';
export type { RetryPolicy } from './retry';
export { codeForStatus, describeTrackerError, TrackerError, trackerMessageOf } from './tracker-error';
export type { TrackerErrorCode, TrackerErrorDetails } from './tracker-error';
export { createTrackerClient, testTrackerConnection } from './tracker-client';
export { isExperimentalOperation } from './experimental';
export { parseBaseUrl } from './transport';
export type {
  HttpMethod,
  JiraBoard,
  JiraIssue,
  JiraProject,
  JiraServiceDesk,
  JiraVersion,
  TrackerAuth,
  TrackerClient,
  TrackerClientConfig,
  TrackerRequest,
} from './client-types';
