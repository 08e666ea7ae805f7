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
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconPlugConnected } from '@tabler/icons-react';
import { trackerAuthModes, trackerDeployments } from '@fahrplan/contracts';
import type { TrackerAuthMode, TrackerConnectionView, TrackerDeployment } from '@fahrplan/contracts';
import { FormDialog } from '../record-dialog/FormDialog';
import { useFormCommand } from '../record-dialog/useFormCommand';
import { commandFailure } from '../record-dialog/commandErrors';
import { notifyError } from '../common/notify';
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
  const { t } = useTranslation('tracker');
  const baseUrlHint: Record<TrackerDeployment, string> = {
    cloud: t('dialog.baseUrlHint.cloud'),
    datacenter: t('dialog.baseUrlHint.datacenter'),
  };
  const deployments = deploymentLabels(t);
  const authModes = authModeLabels(t);
  const values = form.values;
  const authMode = values.authMode;
  const secretRequired = !connection || authMode !== connection.authMode;
  return (
    <>
      <TextInput
        label={t('dialog.name')}
        description={t('dialog.nameHint')}
        required
        readOnly={!editable}
        data-autofocus
        maxLength={100}
        {...form.getInputProps('name')}
      />
      <Input.Wrapper label={t('dialog.deployment')} required>
        <div>
          <SegmentedControl
            aria-label={t('dialog.deployment')}
            data={trackerDeployments.map((d) => ({ value: d, label: deployments[d] }))}
            value={values.deployment}
            onChange={(next) => form.setFieldValue('deployment', next as TrackerDeployment)}
            readOnly={!editable}
          />
        </div>
      </Input.Wrapper>
      <TextInput
        label={t('dialog.baseUrl')}
        description={baseUrlHint[values.deployment]}
        placeholder="https://"
        required
        readOnly={!editable}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...form.getInputProps('baseUrl')}
      />
      <SimpleGrid cols={{ base: 1, sm: authMode === 'basic' ? 2 : 1 }}>
        <Select
          label={t('dialog.authentication')}
          data={trackerAuthModes.map((mode) => ({ value: mode, label: authModes[mode] }))}
          allowDeselect={false}
          readOnly={!editable}
          value={authMode}
          onChange={(next) => next && form.setFieldValue('authMode', next as TrackerAuthMode)}
          error={form.errors.authMode}
        />
        {authMode === 'basic' && (
          <TextInput
            label={t('dialog.email')}
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
          label={secretLabels(t)[authMode]}
          required={secretRequired}
          description={
            secretRequired
              ? connection
                ? t('dialog.secretNewMode')
                : t('dialog.secretStored')
              : t('dialog.secretKept')
          }
          placeholder={secretRequired ? undefined : t('dialog.secretPlaceholder')}
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
  const { t } = useTranslation('tracker');
  const validate = useMemo(() => connectionFormValidator(connection, t), [connection, t]);
  const { form, error, clearError, dialogProps } = useFormCommand({
    form: {
      initialValues: toConnectionFormValues(connection),
      validate,
      validateInputOnBlur: true,
      onValuesChange: () => test.reset(),
    },
    step: 'save',
    parse: (values: ConnectionFormValues) => toSaveConnection(values, connection),
    command: save,
    notice: (data) => t('dialog.saved', { name: data.name.trim() }),
    onClose,
  });
  const values = form.values;
  const changed = connectionChanged(values, connection);

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
        notifyError(t('dialog.deletedMeanwhile', { name: connection?.name ?? '' }));
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
      title={connection ? t('dialog.title', { name: connection.name }) : t('dialog.newTitle')}
      size="lg"
      submitLabel={connection ? t('dialog.save') : t('dialog.create')}
      editable={editable}
      canSubmit={changed}
      {...dialogProps}
      leading={
        editable && (
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={16} />}
            onClick={runTest}
            loading={test.state.phase === 'running'}
            aria-label={t('dialog.test')}
          >
            {t('dialog.test')}
          </Button>
        )
      }
    >
      <Stack gap="sm" mb="md">
        <ConnectionFields form={form} connection={connection} editable={editable} />
        <ConnectionTestResult state={test.state} elapsed={test.elapsed} onCancel={test.cancel} />
        {conflict && (
          <Group justify="space-between">
            <Text size="sm">{t('dialog.conflict')}</Text>
            <Button size="xs" variant="light" color="red" loading={reloading} onClick={() => void reload()}>
              {t('dialog.reload')}
            </Button>
          </Group>
        )}
      </Stack>
    </FormDialog>
  );
}
