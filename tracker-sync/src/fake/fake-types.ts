export interface FakeIssue {
  id: string;
  key: string;
  projectKey: string;
  summary: string;
  status: string;
  statusCategory: 'new' | 'indeterminate' | 'done';
  /** Display name. */
  assignee: string | null;
  /** YYYY-MM-DD */
  dueDate: string | null;
  issueType: string;
  /** ISO timestamp; every write through the API bumps it. */
  updated: string;
  /** An Atlassian document or null. */
  description: unknown;
  /** Version ids. */
  fixVersions: string[];
  comments: { id: string; body: unknown; created: string }[];
}

export interface FakeTrackerData {
  projects: { id: string; key: string; name: string }[];
  boards: { id: number; name: string; type: 'scrum' | 'kanban'; projectKey: string }[];
  versions: {
    id: string;
    projectId: string;
    name: string;
    description?: string;
    startDate?: string;
    releaseDate?: string;
    released: boolean;
    archived: boolean;
  }[];
  issues: FakeIssue[];
  serviceDesks: { id: string; projectId: string; projectKey: string; projectName: string }[];
}

export interface FakeFault {
  status?: number;
  retryAfterSeconds?: number;
  /** Invalid JSON sent as application/json. */
  malformed?: boolean;
  delayMs?: number;
  /** Default 1; Infinity = until cleared. */
  times?: number;
}

export interface FakeExchange {
  method: string;
  path: string;
  status: number;
  body: unknown;
  contentType: string;
}

export interface FakeTrackerOptions {
  /** cloud: the old search answers 410 and /search/jql works; datacenter: /rest/api/2/search pages with startAt/total. */
  flavour?: 'cloud' | 'datacenter';
  /** 0 = any free port (default). */
  port?: number;
  /** What it accepts; none = any. */
  credentials?: { basic?: { email: string; apiToken: string }; bearer?: string; pat?: string };
  /** Default: fakeTrackerDemoData(). */
  data?: FakeTrackerData;
  /** Returns problems; the fake records them in validationProblems. */
  validate?: (exchange: FakeExchange) => string[];
  /** Caps maxResults/limit (default 50) so paging across pages is real. */
  pageSizeLimit?: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeTracker {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** Live and mutable by tests. */
  readonly data: FakeTrackerData;
  readonly requests: FakeRequest[];
  /** Every response that did not match the OpenAPI documents. */
  readonly validationProblems: string[];
  fail(match: { method?: string; path: string | RegExp }, fault: FakeFault): void;
  clearFaults(): void;
  /** Stops listening (connection refused), keeps data. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}
