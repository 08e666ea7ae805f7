import { positiveInt } from '../common/urlParams';

/**
 * §2 root events of the application and project dialogs as URL parameters, so they work from any page,
 * from a link, across a reload and with Back: `?show-application=<id or name>`,
 * `?show-project=<id or title>`, `?new-project[=<applicationId>]`.
 * (`?new-application[=<parentId>]` is read by the ApplicationDialogHost itself.)
 */
export const showParams = { application: 'show-application', project: 'show-project' } as const;
export const newProjectParam = 'new-project';

/** A record a `show-…` parameter names: its id, or its name (an application's name, a project's title). */
export type RecordKey = number | string;

/**
 * §2 "looked up by numeric id first, then by name": digits are an id (none when not positive), any
 * other text a name; null when the parameter is missing or blank.
 */
export const recordKeyOf = (value: string | null): RecordKey | null => {
  if (value === null) return null;
  if (/^\d+$/.test(value)) return positiveInt(value);
  const name = value.trim();
  return name === '' ? null : name;
};

/** The application a `?new-project[=<applicationId>]` preselects, or undefined without the parameter. */
export const newProjectRequest = (params: URLSearchParams): number | null | undefined => {
  const value = params.get(newProjectParam);
  return value === null ? undefined : positiveInt(value);
};

/** `params` with the dialog parameter `name` set to `value`, or without it for null. */
export const withDialogParam = (params: URLSearchParams, name: string, value: string | null) => {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next;
};
