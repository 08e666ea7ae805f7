import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScenarioView } from '@fahrplan/contracts';
import { pickerToAsOf } from '../as-of/asOfControl';
import { notifySuccess } from '../common/notify';
import { describeError, fieldMessage, problemOf } from '../common/problem';
import { useCreateScenarioMutation, useRenameScenarioMutation } from './scenariosApi';

type Errors = { name?: string; description?: string; from?: string; other?: string };

/** The field errors of a refusal by field, else its description as a whole. */
const errorsOf = (error: unknown): Errors => {
  const fields = problemOf(error)?.errors ?? [];
  const said = (field: string) => {
    const found = fields.find((e) => e.field === field);
    return found ? fieldMessage(found) : undefined;
  };
  const known = { name: said('name'), description: said('description'), from: said('from') };
  return known.name || known.description || known.from ? known : { other: describeError(error) };
};

/**
 * A new scenario (name, description, from now or a past date-time), or the new name and description of
 * `scenario`. A new scenario is opened once created (`onCreated`).
 */
export function ScenarioDialog({
  scenario,
  onClose,
  onCreated,
}: {
  scenario?: ScenarioView;
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  const { t } = useTranslation('scenarios');
  const [create, creating] = useCreateScenarioMutation();
  const [rename, renaming] = useRenameScenarioMutation();
  const [name, setName] = useState(scenario?.name ?? '');
  const [description, setDescription] = useState(scenario?.description ?? '');
  const [start, setStart] = useState<'now' | 'past'>('now');
  const [from, setFrom] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  // one key per dialog: a retried submit is recognised, a second dialog is a second scenario
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const submit = async () => {
    setErrors({});
    try {
      if (scenario) {
        await rename({
          data: { id: scenario.id, version: scenario.version, name, description },
          idempotencyKey,
        }).unwrap();
        notifySuccess(t('dialog.renamed', { name: name.trim() }));
        onClose();
        return;
      }
      const instant = start === 'past' ? pickerToAsOf(from) : null;
      if (start === 'past' && instant === null) {
        setErrors({ from: t('dialog.fromMissing') });
        return;
      }
      const result = await create({
        data: { name, ...(description.trim() ? { description } : {}), ...(instant ? { from: instant } : {}) },
        idempotencyKey,
      }).unwrap();
      notifySuccess(t('dialog.created', { name: name.trim() }));
      onClose();
      onCreated?.(result.id);
    } catch (error) {
      setErrors(errorsOf(error));
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={scenario ? t('dialog.renameTitle') : t('dialog.newTitle')}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('dialog.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
          />
          <Textarea
            label={t('dialog.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
            autosize
            minRows={2}
          />
          {!scenario && (
            <Radio.Group
              label={t('dialog.from')}
              description={t('dialog.fromHint')}
              value={start}
              onChange={(value) => setStart(value === 'past' ? 'past' : 'now')}
            >
              <Stack gap={6} mt={6}>
                <Radio value="now" label={t('dialog.fromNow')} />
                <Radio value="past" label={t('dialog.fromPast')} />
              </Stack>
            </Radio.Group>
          )}
          {!scenario && start === 'past' && (
            <DateTimePicker
              label={t('dialog.fromAt')}
              value={from}
              onChange={setFrom}
              valueFormat="DD.MM.YYYY HH:mm"
              maxDate={new Date()}
              error={errors.from}
              required
            />
          )}
          {errors.other && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {errors.other}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={creating.isLoading || renaming.isLoading}>
              {scenario ? t('dialog.rename') : t('dialog.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
