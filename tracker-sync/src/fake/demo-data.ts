import type { FakeIssue, FakeTrackerData } from './fake-types';

/** A plain-text paragraph as an Atlassian document (what Jira Cloud stores for rich text). */
export function adfParagraph(text: string): { type: 'doc'; version: 1; content: unknown[] } {
  return { type: 'doc', version: 1, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The demo tenant's tracker: three projects with boards, releases spread over this year and the
 * next (computed from today so the timeline always shows current data), and issues in every state.
 */
export function fakeTrackerDemoData(now: Date = new Date()): FakeTrackerData {
  const year = now.getUTCFullYear();
  const day = (month: number, dayOfMonth: number, y = year) =>
    isoDay(new Date(Date.UTC(y, month - 1, dayOfMonth)));
  const fromToday = (days: number) => isoDay(new Date(now.getTime() + days * 86_400_000));
  const todayIso = day(now.getUTCMonth() + 1, now.getUTCDate());

  const projects = [
    { id: '10000', key: 'SDESK', name: 'Service Desk Chatbot' },
    { id: '10001', key: 'CLOUD', name: 'Jira Cloud Migration' },
    { id: '10002', key: 'PORTAL', name: 'Customer Portal' },
  ];
  const boards: FakeTrackerData['boards'] = [
    { id: 1, name: 'SDESK board', type: 'kanban', projectKey: 'SDESK' },
    { id: 2, name: 'CLOUD sprints', type: 'scrum', projectKey: 'CLOUD' },
    { id: 3, name: 'CLOUD cut-over', type: 'kanban', projectKey: 'CLOUD' },
    { id: 4, name: 'PORTAL sprints', type: 'scrum', projectKey: 'PORTAL' },
  ];
  const version = (
    id: string,
    projectId: string,
    name: string,
    startDate: string,
    releaseDate: string,
    description: string,
  ): FakeTrackerData['versions'][number] => ({
    id,
    projectId,
    name,
    description,
    startDate,
    releaseDate,
    released: releaseDate < todayIso,
    archived: false,
  });
  const versions = [
    version('10100', '10000', 'Bot 1.0', day(1, 15), day(3, 31), 'Answers the ten most frequent questions'),
    version('10101', '10000', 'Bot 1.1', day(4, 1), day(8, 29), 'Hand-over to a human agent'),
    version('10102', '10000', 'Bot 2.0', day(10, 1), day(3, 15, year + 1), 'Multilingual answers'),
    version('10103', '10001', 'Pilot migration', day(2, 1), day(5, 30), 'Two pilot teams on Cloud'),
    version('10104', '10001', 'Wave 1', day(6, 1), day(11, 28), 'All software projects'),
    version('10105', '10001', 'Wave 2', day(12, 1), day(4, 30, year + 1), 'Service projects and apps'),
    version(
      '10106',
      '10001',
      'Decommission DC',
      day(5, 1, year + 1),
      day(7, 31, year + 1),
      'Switch off the data center',
    ),
    version('10107', '10002', 'Portal 3.0', day(3, 1), day(9, 30), 'New self-service portal'),
    version('10108', '10002', 'Portal 3.1', day(10, 1), day(2, 27, year + 1), 'Accessibility and search'),
  ];

  const people = ['Anna Berger', 'Jonas Keller', 'Mia Wagner', 'Lukas Schmid', null];
  const statuses: { status: string; statusCategory: FakeIssue['statusCategory'] }[] = [
    { status: 'To Do', statusCategory: 'new' },
    { status: 'In Progress', statusCategory: 'indeterminate' },
    { status: 'Done', statusCategory: 'done' },
  ];
  const specs: [
    projectKey: string,
    issueType: string,
    summary: string,
    state: number,
    due: number | null,
    fix: string | null,
  ][] = [
    ['SDESK', 'Epic', 'Chatbot answers password-reset questions', 2, -40, '10100'],
    ['SDESK', 'Story', 'Train the intent model on last year’s tickets', 2, -25, '10100'],
    ['SDESK', 'Story', 'Hand a conversation over to a human agent', 1, 12, '10101'],
    ['SDESK', 'Bug', 'Bot loops when the user writes only an emoji', 1, 3, '10101'],
    ['SDESK', 'Task', 'Add German and French training data', 0, 60, '10102'],
    ['SDESK', 'Story', 'Show the bot in the customer portal', 0, null, null],
    ['SDESK', 'Task', 'Weekly accuracy report for the service manager', 0, 20, '10101'],
    ['CLOUD', 'Epic', 'Migrate the pilot teams to Jira Cloud', 2, -90, '10103'],
    ['CLOUD', 'Task', 'Map custom fields to Cloud equivalents', 2, -60, '10103'],
    ['CLOUD', 'Task', 'Rewrite the ScriptRunner listeners as automation rules', 1, 7, '10104'],
    ['CLOUD', 'Bug', 'Attachments over 100 MB fail during the test import', 1, -2, '10104'],
    ['CLOUD', 'Story', 'Single sign-on through the company identity provider', 1, 14, '10104'],
    ['CLOUD', 'Task', 'Move the service projects in wave 2', 0, 120, '10105'],
    ['CLOUD', 'Task', 'Archive the data-center backups', 0, 250, '10106'],
    ['PORTAL', 'Epic', 'Self-service portal 3.0', 2, -30, '10107'],
    ['PORTAL', 'Story', 'Customers track their orders without logging in', 2, -45, '10107'],
    ['PORTAL', 'Story', 'Screen-reader support for the request form', 1, 30, '10108'],
    ['PORTAL', 'Bug', 'Search ignores umlauts', 0, 9, '10108'],
    ['PORTAL', 'Task', 'Load test with 5,000 concurrent users', 0, 45, '10108'],
    ['PORTAL', 'Story', 'Dark mode', 0, null, null],
  ];
  const counters = new Map<string, number>();
  const issues = specs.map(([projectKey, issueType, summary, state, due, fix], index): FakeIssue => {
    const number = (counters.get(projectKey) ?? 0) + 1;
    counters.set(projectKey, number);
    const { status, statusCategory } = statuses[state]!;
    return {
      id: String(10200 + index),
      key: `${projectKey}-${number}`,
      projectKey,
      summary,
      status,
      statusCategory,
      assignee: people[index % people.length] ?? null,
      dueDate: due === null ? null : fromToday(due),
      issueType,
      updated: new Date(now.getTime() - (specs.length - index) * 3_600_000).toISOString(),
      description: adfParagraph(`${summary}.`),
      fixVersions: fix ? [fix] : [],
      comments: [],
    };
  });
  const serviceDesks = [
    { id: '1', projectId: '10000', projectKey: 'SDESK', projectName: 'Service Desk Chatbot' },
  ];
  return { projects, boards, versions, issues, serviceDesks };
}
