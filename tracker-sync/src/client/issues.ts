import type { TrackerDeployment } from '@fahrplan/contracts';
import { adfToText, adfVersionOf, toAdf } from './adf';
import type { AdfDocument } from './adf';
import type { Send, TrackerClient } from './client-types';
import { platformApi } from './platform';
import { segment } from './query';
import { commentSchema, createdIssueSchema, descriptionSchema, issueSchema } from './schemas';

type IssueCalls = Pick<
  TrackerClient,
  'getIssue' | 'createIssue' | 'editIssue' | 'transitionIssue' | 'addComment'
>;

/** §7: v3 takes documents (plain text wrapped), v2 (data center) plain strings. */
const richText = (deployment: TrackerDeployment, value: string | AdfDocument): string | AdfDocument =>
  deployment === 'cloud'
    ? typeof value === 'string'
      ? toAdf(value)
      : value
    : typeof value === 'string'
      ? value
      : adfToText(value);

/** The platform family's issue calls: read, create, edit, transition and comment. */
export function issueCalls(request: Send, deployment: TrackerDeployment): IssueCalls {
  const api = platformApi(deployment);
  const issuePath = (key: string) => `${api}/issue/${segment(key)}`;
  return {
    getIssue: (key, fields) =>
      request({ method: 'GET', path: issuePath(key), query: { fields } }, issueSchema),
    createIssue: async (input) => {
      const created = await request(
        {
          method: 'POST',
          path: `${api}/issue`,
          body: {
            fields: {
              project: { key: input.projectKey },
              issuetype: { name: input.issueType },
              summary: input.summary,
              ...(input.description !== undefined
                ? { description: richText(deployment, input.description) }
                : {}),
            },
          },
        },
        createdIssueSchema,
      );
      return { id: created.id, key: created.key };
    },
    editIssue: async (key, input) => {
      let description: string | AdfDocument | undefined;
      if (typeof input.description === 'string' && deployment === 'cloud') {
        // §7: the wrapped text keeps the version of the description it replaces.
        const stored = await request(
          { method: 'GET', path: issuePath(key), query: { fields: ['description'] } },
          descriptionSchema,
        );
        description = toAdf(input.description, adfVersionOf(stored.fields.description));
      } else if (input.description !== undefined) description = richText(deployment, input.description);
      await request({
        method: 'PUT',
        path: issuePath(key),
        body: {
          fields: {
            ...(input.summary !== undefined ? { summary: input.summary } : {}),
            ...(description !== undefined ? { description } : {}),
          },
        },
      });
    },
    transitionIssue: async (key, transitionId, comment) => {
      await request({
        method: 'POST',
        path: `${issuePath(key)}/transitions`,
        body: {
          transition: { id: transitionId },
          ...(comment !== undefined
            ? { update: { comment: [{ add: { body: richText(deployment, comment) } }] } }
            : {}),
        },
      });
    },
    addComment: async (key, body) => {
      const comment = await request(
        { method: 'POST', path: `${issuePath(key)}/comment`, body: { body: richText(deployment, body) } },
        commentSchema,
      );
      return { id: comment.id };
    },
  };
}
