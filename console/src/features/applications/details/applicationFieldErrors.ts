import { SaveStepError } from '../../record-dialog/SaveStepError';
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

/** The application dialog's tab of a form path. */
export const tabOf = (path: string) => tabOfField[path.split('.')[0] ?? path];

/** The server's field errors (400) onto the form's fields, besides the alert; the paths it marked. */
export const applyFieldErrors = (form: ApplicationForm, error: unknown): string[] => {
  if (!(error instanceof SaveStepError)) return [];
  const field = error.step === 'comment' ? () => 'comment' : (name: string) => name;
  const marked: string[] = [];
  for (const e of error.problem?.errors ?? []) {
    const path = field(e.field);
    if (tabOf(path) === undefined) continue;
    form.setFieldError(path, e.message);
    marked.push(path);
  }
  return marked;
};
