import { adfParagraph } from './demo-data';
import type { FakeIssue, FakeTrackerData, FakeTrackerOptions } from './fake-types';
import { isAdfDocument, issueBean, issueFields, selectFields, userBean } from './jira-shapes';
import type { ShapeContext } from './jira-shapes';
import { parseJql } from './jql';
import { ADF_REQUIRED, jiraError } from './replies';
import type { Reply } from './route';

const DEFAULT_PAGE = 50;

/** The fake's records and what every route family reads and writes of them. */
export class FakeState {
  readonly flavour: 'cloud' | 'datacenter';
  private readonly pageSizeLimit: number;

  constructor(
    private readonly options: FakeTrackerOptions,
    readonly data: FakeTrackerData,
  ) {
    this.flavour = options.flavour ?? 'cloud';
    this.pageSizeLimit = options.pageSizeLimit ?? DEFAULT_PAGE;
  }

  pageSize(requested: number | undefined): number {
    return Math.min(requested ?? DEFAULT_PAGE, this.pageSizeLimit);
  }

  today(): string {
    return new Date().toISOString().slice(0, 10);
  }

  me(ctx: ShapeContext): Record<string, unknown> {
    return userBean(
      ctx,
      'Fahrplan Integration',
      this.options.credentials?.basic?.email ?? 'fahrplan.integration@example.com',
    );
  }

  project(idOrKey: string) {
    return this.data.projects.find((p) => p.id === idOrKey || p.key.toUpperCase() === idOrKey.toUpperCase());
  }

  issue(idOrKey: string): FakeIssue | undefined {
    return this.data.issues.find((i) => i.id === idOrKey || i.key.toUpperCase() === idOrKey.toUpperCase());
  }

  fullIssue(
    ctx: ShapeContext,
    issue: FakeIssue,
    requested: string[],
    fallback: string,
  ): Record<string, unknown> {
    const all = issueFields(ctx, issue, this.data, this.me(ctx), this.today());
    return issueBean(ctx, issue, selectFields(all, requested, fallback));
  }

  search(jql: string) {
    const query = parseJql(jql, this.data);
    return { query, issues: this.data.issues.filter(query.filter).sort(query.compare) };
  }

  /** v3 takes only Atlassian documents for rich text; v2 takes strings (stored as documents). */
  richInput(
    ctx: ShapeContext,
    value: unknown,
    field: string,
  ): { ok: true; value: unknown } | { ok: false; reply: Reply } {
    if (value === null) return { ok: true, value: null };
    if (ctx.apiVersion === '3') {
      if (!isAdfDocument(value)) return { ok: false, reply: jiraError(400, [], { [field]: ADF_REQUIRED }) };
      return { ok: true, value };
    }
    if (typeof value === 'string') return { ok: true, value: adfParagraph(value) };
    return { ok: false, reply: jiraError(400, [], { [field]: `Field '${field}' expects a string.` }) };
  }

  addComment(issue: FakeIssue, body: unknown): FakeIssue['comments'][number] {
    const ids = this.data.issues.flatMap((i) => i.comments.map((c) => Number(c.id))).filter(Number.isFinite);
    const comment = { id: String(Math.max(10499, ...ids) + 1), body, created: new Date().toISOString() };
    issue.comments.push(comment);
    return comment;
  }

  touch(issue: FakeIssue): void {
    // Strictly later than before, even within the same millisecond, so incremental syncs see it.
    issue.updated = new Date(Math.max(Date.now(), Date.parse(issue.updated) + 1)).toISOString();
  }
}
