import { positiveInt } from '../common/urlParams';

/**
 * §2 root events of the application and project dialogs as URL parameters, so they work from any page
 * and from a link: `?show-application=<id>`, `?show-project=<id>`, `?new-project[=<applicationId>]`.
 * (`?new-application[=<parentId>]` is read by the ApplicationDialogHost itself.)
 */
export type RecordDialogRequest =
  | { readonly kind: 'show-application'; readonly id: number }
  | { readonly kind: 'show-project'; readonly id: number }
  | { readonly kind: 'new-project'; readonly application: number | null };

export const recordDialogParams = ['show-application', 'show-project', 'new-project'] as const;

/** The dialog the parameters ask for (the first one named), or null. */
export const parseRecordDialogParams = (params: URLSearchParams): RecordDialogRequest | null => {
  const application = positiveInt(params.get('show-application'));
  if (application !== null) return { kind: 'show-application', id: application };
  const project = positiveInt(params.get('show-project'));
  if (project !== null) return { kind: 'show-project', id: project };
  const newProject = params.get('new-project');
  if (newProject !== null) return { kind: 'new-project', application: positiveInt(newProject) };
  return null;
};

/** `params` without the record dialogs' parameters. */
export const withoutRecordDialogParams = (params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const name of recordDialogParams) next.delete(name);
  return next;
};
