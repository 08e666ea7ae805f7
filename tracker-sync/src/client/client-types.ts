import type { TrackerDeployment, TrackerTestResult } from '@fahrplan/contracts';
import type { z } from 'zod';
import type { AdfDocument } from './adf';
import type { AddressGuard } from '@fahrplan/platform';
import type { Query } from './query';
import type { boardSchema, issueSchema, projectSchema, serviceDeskSchema, versionSchema } from './schemas';

export type TrackerAuth =
  | { mode: 'basic'; email: string; apiToken: string }
  | { mode: 'bearer'; token: string }
  | { mode: 'pat'; token: string };

export interface TrackerClientConfig {
  baseUrl: string;
  deployment: TrackerDeployment;
  auth: TrackerAuth;
  /** Per attempt, default 15000. */
  timeoutMs?: number;
  retry?: { maxAttempts?: number; initialDelayMs?: number; maxDelayMs?: number };
  /** Any non-empty value sends `x-atlassian-force-account-id: true` (responses name users by account id). */
  forceAccountId?: string | boolean;
  /** Sends `X-Atlassian-Token: no-check` (Jira's XSRF opt-out). */
  noCheck?: boolean;
  fetch?: typeof fetch;
  /** Checked before every request (see address-guard.ts); none: every address is allowed. */
  guard?: AddressGuard;
  /** Called before each wait; `attempt` is the attempt that just failed (1-based). */
  onRetry?: (info: { attempt: number; delayMs: number; status: number | null }) => void;
}

export type JiraIssue = z.output<typeof issueSchema>;
export type JiraVersion = z.output<typeof versionSchema>;
export type JiraBoard = z.output<typeof boardSchema>;
export type JiraProject = z.output<typeof projectSchema>;
export type JiraServiceDesk = z.output<typeof serviceDeskSchema>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call of any §7 family through the generic client. */
export interface TrackerRequest {
  method: HttpMethod;
  /** The API path, e.g. /rest/agile/1.0/board; the base URL's own path (a context such as /jira) goes first. */
  path: string;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sends the service desk's `X-ExperimentalApi: opt-in`; on by default for the operations marked experimental. */
  experimental?: boolean;
  /**
   * Whether repeating the call is harmless. Calls that create something (POST by default) are retried
   * only when the tracker cannot have acted on them: 429, 503, or a refused connection.
   */
  idempotent?: boolean;
}

export interface TrackerClient {
  readonly baseUrl: string;
  readonly deployment: TrackerDeployment;
  serverInfo(): Promise<{
    baseUrl?: string;
    version?: string;
    serverTitle?: string;
    deploymentType?: string;
  }>;
  myself(): Promise<{ accountId?: string; name?: string; displayName?: string }>;
  projects(): AsyncIterable<JiraProject>;
  versions(projectIdOrKey: string): AsyncIterable<JiraVersion>;
  boards(query?: { projectKeyOrId?: string; type?: string[] }): AsyncIterable<JiraBoard>;
  searchIssues(query: { jql: string; fields: string[]; pageSize?: number }): AsyncIterable<JiraIssue>;
  getIssue(key: string, fields?: string[]): Promise<JiraIssue>;
  createIssue(input: {
    projectKey: string;
    issueType: string;
    summary: string;
    description?: string | AdfDocument;
  }): Promise<{ id: string; key: string }>;
  editIssue(key: string, input: { summary?: string; description?: string | AdfDocument }): Promise<void>;
  transitionIssue(key: string, transitionId: string, comment?: string): Promise<void>;
  addComment(key: string, body: string | AdfDocument): Promise<{ id: string }>;
  serviceDesks(): AsyncIterable<JiraServiceDesk>;
  customerRequests(query?: { serviceDeskId?: string }): AsyncIterable<unknown>;
  /** Request types (an experimental service-desk operation). */
  requestTypes(query?: { serviceDeskId?: string; searchQuery?: string }): AsyncIterable<unknown>;
  /** Any call of the §7 families, with the client's authentication, headers, retries and errors. */
  request<T = unknown>(request: TrackerRequest, schema?: z.ZodType<T>): Promise<T>;
  test(): Promise<TrackerTestResult>;
}

/** How a family's calls reach the tracker: the client's own `request`. */
export type Send = TrackerClient['request'];
