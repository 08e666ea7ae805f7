import { SaveStepError } from './useApplicationSaveFlow';
import type { ApplicationForm } from './formTypes';

const tabOfField: Record<string, string> = {
  name: 'overview',
  release: 'overview',
  description: 'overview',
  contact: 'overview',
  start: 'overview',
  end: 'overview',
  status: 'overview',
  assetNr: 'overview',
  shortname: 'overview',
  parent: 'details',
  provider: 'details',
  vendor: 'details',
  docUrl: 'details',
  cockpitid: 'details',
  attributes: 'details',
  comment: 'comments',
};

const tabOf = (path: string) => tabOfField[path.split('.')[0] ?? path];

/** The tabs holding a field with an error, so a hidden problem is still visible on its tab. */
export const tabsWithErrors = (
  errors: Record<string, unknown>,
  tabOfPath: (path: string) => string | undefined = tabOf,
) =>
  new Set(
    Object.entries(errors)
      .filter(([, message]) => message)
      .map(([path]) => tabOfPath(path))
      .filter((tab): tab is string => tab !== undefined),
  );

/** The server's field errors (400) onto the form's fields, besides the alert. */
export const applyFieldErrors = (form: ApplicationForm, error: unknown) => {
  if (!(error instanceof SaveStepError)) return;
  const field = error.step === 'comment' ? () => 'comment' : (name: string) => name;
  for (const e of error.problem?.errors ?? []) {
    const path = field(e.field);
    if (tabOf(path) !== undefined) form.setFieldError(path, e.message);
  }
};
