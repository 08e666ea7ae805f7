import type { FakeIssue } from '../fake-types';
import type { FakeState } from '../fake-state';
import { commentBean, statusBean, TRANSITIONS } from '../jira-shapes';
import { startAtPage } from '../pages';
import { ADF_REQUIRED, ISSUE_MISSING, jiraError } from '../replies';
import { api, listParam, ok, route } from '../route';
import type { Call, Reply, Route } from '../route';

type IssueHandler = (fake: FakeState, call: Call, issue: FakeIssue) => Reply;

/** The platform REST API's issues: read, create, edit, transitions and comments (v2 and v3). */
export function issueRoutes(fake: FakeState): Route[] {
  const onIssue =
    (handle: IssueHandler): Route['handle'] =>
    (call, [key]) => {
      const issue = fake.issue(key!);
      return issue ? handle(fake, call, issue) : jiraError(404, [ISSUE_MISSING]);
    };
  return [
    route('GET', api('/issue/([^/]+)'), onIssue(getIssue)),
    route('POST', api('/issue'), (call) => createIssue(fake, call)),
    route('PUT', api('/issue/([^/]+)'), onIssue(editIssue)),
    route('GET', api('/issue/([^/]+)/transitions'), onIssue(transitions)),
    route('POST', api('/issue/([^/]+)/transitions'), onIssue(transitionIssue)),
    route('GET', api('/issue/([^/]+)/comment'), onIssue(comments)),
    route('POST', api('/issue/([^/]+)/comment'), onIssue(addComment)),
  ];
}

function getIssue(fake: FakeState, call: Call, issue: FakeIssue): Reply {
  return ok(fake.fullIssue(call.ctx, issue, listParam(call.query, 'fields'), '*all'));
}

function createIssue(fake: FakeState, call: Call): Reply {
  const fields = ((call.body as { fields?: Record<string, unknown> } | undefined)?.fields ?? {}) as Record<
    string,
    unknown
  >;
  const projectRef = fields.project as { key?: string; id?: string } | undefined;
  const project = projectRef ? fake.project(projectRef.key ?? projectRef.id ?? '') : undefined;
  const errors: Record<string, string> = {};
  if (!project) errors.project = 'Specify a valid project ID or key';
  if (typeof fields.summary !== 'string' || !fields.summary.trim())
    errors.summary = 'You must specify a summary of the issue.';
  const issueTypeRef = fields.issuetype as { name?: string; id?: string } | undefined;
  if (!issueTypeRef?.name && !issueTypeRef?.id) errors.issuetype = 'Specify an issue type';
  let description: unknown = null;
  if (fields.description !== undefined) {
    const rich = fake.richInput(call.ctx, fields.description, 'description');
    if (rich.ok) description = rich.value;
    else errors.description = ADF_REQUIRED;
  }
  if (Object.keys(errors).length > 0 || !project) return jiraError(400, [], errors);
  const numbers = fake.data.issues
    .filter((i) => i.projectKey === project.key)
    .map((i) => Number(i.key.split('-').pop()));
  const id = String(
    Math.max(10199, ...fake.data.issues.map((i) => Number(i.id)).filter(Number.isFinite)) + 1,
  );
  const issue: FakeIssue = {
    id,
    key: `${project.key}-${Math.max(0, ...numbers) + 1}`,
    projectKey: project.key,
    summary: String(fields.summary),
    status: 'To Do',
    statusCategory: 'new',
    assignee: null,
    dueDate: typeof fields.duedate === 'string' ? fields.duedate : null,
    issueType: issueTypeRef?.name ?? 'Task',
    updated: new Date().toISOString(),
    description,
    fixVersions: [],
    comments: [],
  };
  fake.data.issues.push(issue);
  return {
    status: 201,
    body: {
      id: issue.id,
      key: issue.key,
      self: `${call.base}/rest/api/${call.ctx.apiVersion}/issue/${issue.id}`,
    },
  };
}

function editIssue(fake: FakeState, call: Call, issue: FakeIssue): Reply {
  const body = (call.body ?? {}) as {
    fields?: Record<string, unknown>;
    update?: Record<string, { set?: unknown }[]>;
  };
  const changes: Record<string, unknown> = { ...body.fields };
  for (const [field, operations] of Object.entries(body.update ?? {})) {
    for (const operation of Array.isArray(operations) ? operations : [])
      if ('set' in operation) changes[field] = operation.set;
  }
  const errors: Record<string, string> = {};
  const next = { ...issue };
  for (const [field, value] of Object.entries(changes)) {
    if (field === 'summary') {
      if (typeof value === 'string' && value.trim()) next.summary = value;
      else errors.summary = 'You must specify a summary of the issue.';
    } else if (field === 'description') {
      const rich = fake.richInput(call.ctx, value, 'description');
      if (rich.ok) next.description = rich.value;
      else errors.description = ADF_REQUIRED;
    } else if (field === 'duedate') {
      if (value === null || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)))
        next.dueDate = value;
      else errors.duedate = "Error parsing date string: expected 'yyyy-MM-dd'";
    } else {
      errors[field] = `Field '${field}' cannot be set. It is not on the appropriate screen, or unknown.`;
    }
  }
  if (Object.keys(errors).length > 0) return jiraError(400, [], errors);
  Object.assign(issue, next);
  fake.touch(issue);
  if (call.query.get('returnIssue') === 'true') return ok(fake.fullIssue(call.ctx, issue, [], '*all'));
  return { status: 204 };
}

function transitions(_fake: FakeState, { ctx }: Call): Reply {
  return ok({
    expand: 'transitions',
    transitions: TRANSITIONS.map((t) => ({
      id: t.id,
      name: t.name,
      to: statusBean(ctx, t.status, t.statusCategory),
      hasScreen: false,
      isGlobal: true,
      isInitial: false,
      isAvailable: true,
      isConditional: false,
      isLooped: false,
    })),
  });
}

function transitionIssue(fake: FakeState, call: Call, issue: FakeIssue): Reply {
  const body = (call.body ?? {}) as {
    transition?: { id?: unknown };
    update?: { comment?: { add?: { body?: unknown } }[] };
  };
  const id = body.transition?.id;
  if (id === undefined) return jiraError(400, ["'id' or 'name' of the transition is required"]);
  const transition = TRANSITIONS.find((t) => t.id === String(id));
  if (!transition) return jiraError(400, [`Transition id '${String(id)}' is not valid for this issue.`]);
  const comments: unknown[] = [];
  for (const entry of body.update?.comment ?? []) {
    const rich = fake.richInput(call.ctx, entry.add?.body, 'comment');
    if (!rich.ok) return rich.reply;
    comments.push(rich.value);
  }
  issue.status = transition.status;
  issue.statusCategory = transition.statusCategory;
  for (const comment of comments) fake.addComment(issue, comment);
  fake.touch(issue);
  return { status: 204 };
}

function comments(fake: FakeState, call: Call, issue: FakeIssue): Reply {
  const page = startAtPage(
    fake,
    call,
    issue.comments.map((c) => commentBean(call.ctx, issue, c, fake.me(call.ctx))),
  );
  return ok({ startAt: page.startAt, maxResults: page.maxResults, total: page.total, comments: page.values });
}

function addComment(fake: FakeState, call: Call, issue: FakeIssue): Reply {
  const rich = fake.richInput(
    call.ctx,
    (call.body as { body?: unknown } | undefined)?.body ?? null,
    'comment',
  );
  if (!rich.ok) return rich.reply;
  if (rich.value === null) return jiraError(400, [], { comment: 'Comment body can not be empty!' });
  const comment = fake.addComment(issue, rich.value);
  fake.touch(issue);
  return { status: 201, body: commentBean(call.ctx, issue, comment, fake.me(call.ctx)) };
}
