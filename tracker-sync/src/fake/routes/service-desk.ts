import type { FakeIssue } from '../fake-types';
import type { FakeState } from '../fake-state';
import { sdDate, userBean } from '../jira-shapes';
import { deskPage } from '../pages';
import { deskError } from '../replies';
import { ok, route } from '../route';
import type { Call, Route } from '../route';

/** The service desk REST API: service desks and their customer requests. */
export function serviceDeskRoutes(fake: FakeState): Route[] {
  return [
    route('GET', /^\/rest\/servicedeskapi\/servicedesk$/, (call) =>
      ok(
        deskPage(
          fake,
          call,
          fake.data.serviceDesks.map((d) => ({
            ...d,
            _links: { self: `${call.base}/rest/servicedeskapi/servicedesk/${d.id}` },
          })),
        ),
      ),
    ),
    route('GET', /^\/rest\/servicedeskapi\/request$/, (call) => {
      const deskId = call.query.get('serviceDeskId');
      if (deskId && !fake.data.serviceDesks.some((d) => d.id === deskId)) {
        return deskError(
          404,
          'The service desk does not exist or you do not have permission to see it.',
          'sd.service.desk.not.found',
        );
      }
      const desks = fake.data.serviceDesks.filter((d) => !deskId || d.id === deskId);
      const requests = desks.flatMap((desk) =>
        fake.data.issues
          .filter((issue) => issue.projectKey === desk.projectKey)
          .map((issue) => customerRequest(call, desk.id, issue)),
      );
      return ok(deskPage(fake, call, requests));
    }),
  ];
}

function customerRequest(call: Call, serviceDeskId: string, issue: FakeIssue): Record<string, unknown> {
  const reporter = 'Fahrplan Integration';
  const created = new Date(Date.parse(issue.updated) - 14 * 86_400_000).toISOString();
  return {
    _expands: [
      'participant',
      'status',
      'sla',
      'requestType',
      'serviceDesk',
      'attachment',
      'action',
      'comment',
    ],
    issueId: issue.id,
    issueKey: issue.key,
    requestTypeId: '1',
    serviceDeskId,
    createdDate: sdDate(created),
    reporter: {
      accountId: (userBean(call.ctx, reporter).accountId as string | undefined) ?? 'fahrplan',
      displayName: reporter,
      active: true,
      timeZone: 'Etc/UTC',
      _links: { self: `${call.base}/rest/api/2/user?accountId=fahrplan` },
    },
    requestFieldValues: [{ fieldId: 'summary', label: 'What do you need?', value: issue.summary }],
    currentStatus: {
      status: issue.status,
      statusCategory: issue.statusCategory.toUpperCase(),
      statusDate: sdDate(issue.updated),
    },
    _links: {
      jiraRest: `${call.base}/rest/api/2/issue/${issue.id}`,
      web: `${call.base}/servicedesk/customer/portal/${serviceDeskId}/${issue.key}`,
      self: `${call.base}/rest/servicedeskapi/request/${issue.id}`,
    },
  };
}
