import { saveTrackerConnectionSchema } from '@fahrplan/contracts';
import type { TrackerAuthMode, TrackerConnectionView, TrackerDeployment } from '@fahrplan/contracts';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { zodValidate } from '../common/zodValidate';
import type { SaveTrackerConnectionInput, TestTrackerConnectionInput } from './trackerApi';

/** What the connection dialog edits; `secret` is empty unless the user types a new one. */
export interface ConnectionFormValues {
  name: string;
  baseUrl: string;
  deployment: TrackerDeployment;
  authMode: TrackerAuthMode;
  email: string;
  secret: string;
}

export const authModeLabels = (t: TFunction<'tracker'>): Record<TrackerAuthMode, string> => ({
  basic: t('authModes.basic'),
  bearer: t('authModes.bearer'),
  pat: t('authModes.pat'),
});

export const deploymentLabels = (t: TFunction<'tracker'>): Record<TrackerDeployment, string> => ({
  cloud: t('deployments.cloud'),
  datacenter: t('deployments.datacenter'),
});

/** What the secret field is called for an auth mode. */
export const secretLabels = (t: TFunction<'tracker'>): Record<TrackerAuthMode, string> => ({
  basic: t('secrets.basic'),
  bearer: t('secrets.bearer'),
  pat: t('secrets.pat'),
});

export const toConnectionFormValues = (connection: TrackerConnectionView | null): ConnectionFormValues => ({
  name: connection?.name ?? '',
  baseUrl: connection?.baseUrl ?? '',
  deployment: connection?.deployment ?? 'cloud',
  authMode: connection?.authMode ?? 'basic',
  email: connection?.email ?? '',
  secret: '',
});

/**
 * The settings a save and a test both send. The e-mail belongs to basic authentication only; no secret
 * when the field is empty (the server keeps, or tests with, the stored one).
 */
const settingsOf = (values: ConnectionFormValues) => ({
  baseUrl: values.baseUrl,
  deployment: values.deployment,
  authMode: values.authMode,
  email: values.authMode === 'basic' ? values.email.trim() : null,
  ...(values.secret === '' ? {} : { secret: values.secret }),
});

/** SaveTrackerConnection: a create without `connection`, else a change of the version the user saw. */
export const toSaveConnection = (
  values: ConnectionFormValues,
  connection: Pick<TrackerConnectionView, 'id' | 'version'> | null,
): SaveTrackerConnectionInput => ({
  ...(connection ? { id: connection.id, version: connection.version } : {}),
  name: values.name,
  ...settingsOf(values),
});

/** POST /api/tracker/test with the form's current values; a saved connection's stored secret when none is typed. */
export const toTestConnection = (
  values: ConnectionFormValues,
  connection: Pick<TrackerConnectionView, 'id'> | null,
): TestTrackerConnectionInput => ({
  ...(connection ? { id: connection.id } : {}),
  ...settingsOf(values),
});

/**
 * The shared command rules (§8 'Couldn't parse the host URL' among them), plus what only the dialog
 * knows: a changed authentication mode needs its new secret.
 */
export const connectionFormValidator = (
  connection: Pick<TrackerConnectionView, 'id' | 'version' | 'authMode'> | null,
  t: TFunction<'tracker'>,
): ((values: ConnectionFormValues) => FormErrors) => {
  const commandErrors = zodValidate(saveTrackerConnectionSchema, (values: ConnectionFormValues) =>
    toSaveConnection(values, connection),
  );
  return (values) => {
    const errors = commandErrors(values);
    if (connection && values.authMode !== connection.authMode && values.secret === '')
      errors.secret ??= t('dialog.secretRequired');
    return errors;
  };
};

/** Whether the dialog's values differ from the saved connection (a typed secret always counts). */
export const connectionChanged = (values: ConnectionFormValues, connection: TrackerConnectionView | null) => {
  if (!connection) return true;
  const saved = toConnectionFormValues(connection);
  return (
    values.secret !== '' ||
    values.name.trim() !== saved.name ||
    values.baseUrl.trim().replace(/\/+$/, '') !== saved.baseUrl ||
    values.deployment !== saved.deployment ||
    values.authMode !== saved.authMode ||
    (values.authMode === 'basic' && values.email.trim() !== saved.email)
  );
};
