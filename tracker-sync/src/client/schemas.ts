import { z } from 'zod';

// Only the fields Fahrplan reads are checked; the tracker sends many more, kept as they come.

const text = z.string();
const idText = z.union([z.string(), z.number()]).transform(String);

export const serverInfoSchema = z.looseObject({
  baseUrl: text.optional(),
  version: text.optional(),
  serverTitle: text.optional(),
  deploymentType: text.optional(),
});

export const myselfSchema = z.looseObject({
  accountId: text.optional(),
  name: text.optional(),
  displayName: text.optional(),
});

export const projectSchema = z.looseObject({ id: idText, key: text, name: text });

export const versionSchema = z.looseObject({
  id: idText,
  name: text,
  description: text.optional(),
  projectId: z.union([z.number(), z.string()]).optional(),
  startDate: text.optional(),
  releaseDate: text.optional(),
  released: z.boolean().optional(),
  archived: z.boolean().optional(),
  overdue: z.boolean().optional(),
  self: text.optional(),
});

export const boardSchema = z.looseObject({
  id: z.number(),
  name: text,
  type: text.optional(),
  self: text.optional(),
  location: z
    .looseObject({
      projectId: z.number().optional(),
      projectKey: text.optional(),
      projectName: text.optional(),
    })
    .optional(),
});

export const issueSchema = z.looseObject({
  id: idText,
  key: text,
  self: text.optional(),
  fields: z.looseObject({
    // Present only when asked for; the sync always asks.
    summary: text.optional().transform((value) => value ?? ''),
    status: z
      .looseObject({
        name: text,
        statusCategory: z.looseObject({ key: text }).optional(),
      })
      .optional(),
    assignee: z.looseObject({ displayName: text.optional() }).nullish(),
    duedate: text.nullish(),
    issuetype: z.looseObject({ name: text }).optional(),
    updated: text.optional(),
    project: z.looseObject({ key: text }).optional(),
    fixVersions: z.array(z.looseObject({ id: idText, name: text })).optional(),
  }),
});

export const createdIssueSchema = z.looseObject({ id: idText, key: text });
export const commentSchema = z.looseObject({ id: idText });
export const descriptionSchema = z.looseObject({
  fields: z.looseObject({ description: z.unknown().optional() }),
});

export const serviceDeskSchema = z.looseObject({
  id: idText,
  projectId: idText,
  projectKey: text,
  projectName: text,
});

const count = z.number().int().nonnegative();

export const offsetPageSchema = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    startAt: count.optional(),
    maxResults: count.optional(),
    total: count.optional(),
    isLast: z.boolean().optional(),
    values: z.array(item),
  });

export const startLimitPageSchema = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    start: count.optional(),
    limit: count.optional(),
    size: count.optional(),
    isLastPage: z.boolean().optional(),
    values: z.array(item),
  });

/** Cloud: /rest/api/3/search/jql. */
export const tokenSearchSchema = z.looseObject({
  issues: z.array(issueSchema),
  nextPageToken: text.nullish(),
  isLast: z.boolean().optional(),
});

/** Data center: /rest/api/2/search. */
export const offsetSearchSchema = z.looseObject({
  issues: z.array(issueSchema),
  startAt: count.optional(),
  maxResults: count.optional(),
  total: count.optional(),
});
