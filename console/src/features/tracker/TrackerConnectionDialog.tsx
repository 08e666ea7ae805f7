import { useMemo, useState } from 'react';
import {
  Button,
  Group,
  Input,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import { trackerAuthModes, trackerDeployments } from '@fahrplan/contracts';
import type { TrackerAuthMode, TrackerConnectionView, TrackerDeployment } from '@fahrplan/contracts';
import { FormDialog, useCommandRun } from '../record-dialog/FormDialog';
import { commandFailure } from '../record-dialog/commandErrors';
import { notifyError, notifySuccess } from '../common/notify';
import {
  authModeLabels,
  connectionChanged,
  connectionFormValidator,
  deploymentLabels,
  secretLabels,
  toConnectionFormValues,
  toSaveConnection,
  toTestConnection,
} from './connectionForm';
import type { ConnectionFormValues } from './connectionForm';
import { ConnectionTestResult } from './ConnectionTestResult';
import { useGetTrackerConnectionsQuery, useSaveTrackerConnectionMutation } from './trackerApi';
import { useConnectionTest } from './useConnectionTest';

const formFields = ['name', 'baseUrl', 'deployment', 'authMode', 'email', 'secret'];

const baseUrlHint: Record<TrackerDeployment, string> = {
  cloud: 'e.g. https://your-site.atlassian.net',
  datacenter: 'e.g. https://jira.example.com or https://example.com/jira',
};

/** The connection's settings: name, deployment, base URL, authentication and its secret. */
function ConnectionFields({
  form,
  connection,
  editable,
}: {
  form: UseFormReturnType<ConnectionFormValues>;
  connection: TrackerConnectionView | null;
  editable: boolean;
}) {
  const values = form.values;
  const authMode = values.authMode;
  const secretRequired = !connection || authMode !== connection.authMode;
  return (
    <>
      <TextInput
        label="Name"
        description="How planners see this tracker, e.g. 'Jira Cloud'"
        required
        readOnly={!editable}
        data-autofocus
        maxLength={100}
        {...form.getInputProps('name')}
      />
      <Input.Wrapper label="Deployment" required>
        <div>
          <SegmentedControl
            aria-label="Deployment"
            data={trackerDeployments.map((d) => ({ value: d, label: deploymentLabels[d] }))}
            value={values.deployment}
            onChange={(next) => form.setFieldValue('deployment', next as TrackerDeployment)}
            readOnly={!editable}
          />
        </div>
      </Input.Wrapper>
      <TextInput
        label="Base URL"
        description={baseUrlHint[values.deployment]}
        placeholder="https://"
        required
        readOnly={!editable}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...form.getInputProps('baseUrl')}
      />
      <SimpleGrid cols={{ base: 1, sm: authMode === 'basic' ? 2 : 1 }}>
        <Select
          label="Authentication"
          data={trackerAuthModes.map((mode) => ({ value: mode, label: authModeLabels[mode] }))}
          allowDeselect={false}
          readOnly={!editable}
          value={authMode}
          onChange={(next) => next && form.setFieldValue('authMode', next as TrackerAuthMode)}
          error={form.errors.authMode}
        />
        {authMode === 'basic' && (
          <TextInput
            label="E-mail"
            type="email"
            required
            readOnly={!editable}
            autoComplete="off"
            {...form.getInputProps('email')}
          />
        )}
      </SimpleGrid>
      {editable && (
        <PasswordInput
          label={secretLabels[authMode]}
          required={secretRequired}
          description={
            secretRequired
              ? connection
                ? 'A new authentication mode needs its secret'
                : 'Stored encrypted; never shown again'
              : 'A secret is stored — leave empty to keep it'
          }
          placeholder={secretRequired ? undefined : '••••••••  (stored)'}
          autoComplete="new-password"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('secret')}
        />
      )}
    </>
  );
}

/**
 * A new tracker connection (no `connection`) or a change of one: the settings, the secret (kept when
 * left empty), a test of the values as typed, and Save. A 409 offers to reload the connection.
 */
export function TrackerConnectionDialog({
  connection: initial,
  editable,
  onClose,
}: {
  connection: TrackerConnectionView | null;
  editable: boolean;
  onClose: () => void;
}) {
  const [connection, setConnection] = useState(initial);
  const [save] = useSaveTrackerConnectionMutation();
  const { refetch } = useGetTrackerConnectionsQuery();
  const test = useConnectionTest();
  const [reloading, setReloading] = useState(false);
  const validate = useMemo(() => connectionFormValidator(connection), [connection]);
  const form = useForm<ConnectionFormValues>({
    mode: 'controlled',
    initialValues: toConnectionFormValues(connection),
    validate,
    validateInputOnBlur: true,
    onValuesChange: () => test.reset(),
  });
  const { run, busy, error, clearError } = useCommandRun({ form, fields: formFields });
  const values = form.values;
  const changed = connectionChanged(values, connection);

  const submit = async () => {
    if (form.validate().hasErrors) return;
    const data = toSaveConnection(form.getValues(), connection);
    const ok = await run(async (send) => {
      await send('save', data, (idempotencyKey) => save({ data, idempotencyKey }).unwrap());
    });
    if (ok) {
      notifySuccess(`tracker connection ${values.name.trim()} saved`);
      onClose();
    }
  };

  const runTest = () => {
    const errors = form.validate();
    // the name does not matter for a test
    if (Object.keys(errors.errors).some((field) => field !== 'name')) return;
    form.clearFieldError('name');
    void test.run(toTestConnection(form.getValues(), connection));
  };

  /** After a conflict: the stored connection into the form (the typed secret stays). */
  const reload = async () => {
    setReloading(true);
    try {
      const fresh = (await refetch()).data?.find((c) => c.id === connection?.id) ?? null;
      if (!fresh) {
        notifyError(`tracker connection ${connection?.name ?? ''} was deleted meanwhile`);
        onClose();
        return;
      }
      setConnection(fresh);
      form.setValues({ ...toConnectionFormValues(fresh), secret: form.getValues().secret });
      form.clearErrors();
      clearError();
    } finally {
      setReloading(false);
    }
  };

  const conflict = error !== null && commandFailure(error).conflict;

  return (
    <FormDialog
      title={connection ? `Tracker connection ${connection.name}` : 'New tracker connection'}
      size="lg"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={connection ? 'Save' : 'Create connection'}
      editable={editable}
      busy={busy}
      canSubmit={changed}
      error={error}
      leading={
        editable && (
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={16} />}
            onClick={runTest}
            loading={test.state.phase === 'running'}
            aria-label="Test connection"
          >
            Test connection
          </Button>
        )
      }
    >
      <Stack gap="sm" mb="md">
        <ConnectionFields form={form} connection={connection} editable={editable} />
        <ConnectionTestResult state={test.state} elapsed={test.elapsed} onCancel={test.cancel} />
        {conflict && (
          <Group justify="space-between">
            <Text size="sm">Someone else changed this connection meanwhile.</Text>
            <Button size="xs" variant="light" color="red" loading={reloading} onClick={() => void reload()}>
              Reload (discards your changes)
            </Button>
          </Group>
        )}
      </Stack>
    </FormDialog>
  );
}
