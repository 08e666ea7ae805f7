import { useMemo } from 'react';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  MultiSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Code,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookView } from '@fahrplan/contracts';
import { FormDialog } from '../record-dialog/FormDialog';
import { useFormCommand } from '../record-dialog/useFormCommand';
import { InfoDialog } from '../record-dialog/InfoDialog';
import { eventChoices, toSaveWebhook, toWebhookFormValues, webhookFormValidator } from './webhookForm';
import type { WebhookFormValues } from './webhookForm';
import { useSaveWebhookMutation } from './webhooksApi';

/** A new webhook's secret, shown this once with a copy button: it is never answered again. */
export function SecretOnce({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <InfoDialog title={t('secret.title')} size="lg" onClose={onClose}>
      <Stack>
        <Alert color="yellow" variant="light" icon={<IconKey />}>
          {t('secret.once')}
        </Alert>
        <Group wrap="nowrap" align="center">
          <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t('secret.copied') : t('secret.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" c="dimmed">
          {t('secret.verify')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('secret.done')}
          </Button>
        </Group>
      </Stack>
    </InfoDialog>
  );
}

/** A new webhook (no `webhook`) or a change of one: its address, the events it receives and whether it is active. */
export function WebhookDialog({
  webhook,
  editable,
  onClose,
  onCreated,
}: {
  webhook: WebhookView | null;
  editable: boolean;
  onClose: () => void;
  /** The new webhook's secret, to show once. */
  onCreated: (secret: string) => void;
}) {
  const [save] = useSaveWebhookMutation();
  const { t } = useTranslation('webhooks');
  const validate = useMemo(() => webhookFormValidator(t), [t]);
  const { form, changed, dialogProps } = useFormCommand({
    form: { initialValues: toWebhookFormValues(webhook), validate, validateInputOnBlur: true },
    step: 'save',
    parse: (values: WebhookFormValues) => toSaveWebhook(values, webhook),
    command: save,
    notice: (data) => t('dialog.saved', { url: data.url }),
    onClose,
    onDone: (_data, { secret }) => {
      onClose();
      if (secret) onCreated(secret);
    },
  });
  const resumes = webhook?.status === 'paused' && form.values.active;

  return (
    <FormDialog
      title={webhook ? t('dialog.title', { url: webhook.url }) : t('dialog.newTitle')}
      size="lg"
      submitLabel={webhook ? (resumes ? t('dialog.resume') : t('dialog.save')) : t('dialog.create')}
      editable={editable}
      canSubmit={changed || resumes}
      {...dialogProps}
    >
      <Stack gap="sm" mb="md">
        <TextInput
          label={t('dialog.url')}
          description={t('dialog.urlHint')}
          required
          readOnly={!editable}
          data-autofocus
          maxLength={2000}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('url')}
        />
        <MultiSelect
          label={t('dialog.events')}
          description={t('dialog.eventsHint')}
          required
          searchable
          readOnly={!editable}
          data={eventChoices(t)}
          nothingFoundMessage={t('dialog.noEvent')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('events')}
        />
        <Switch
          label={t('dialog.active')}
          description={t('dialog.activeHint')}
          readOnly={!editable}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        {!webhook && (
          <Text size="sm" c="dimmed">
            {t('dialog.secretGenerated')}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
