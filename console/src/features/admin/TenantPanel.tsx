import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { FeatureFlags, TenantAdminView } from '@fahrplan/contracts';
import { LoadError } from '../common/CataloguePage';
import { sameValues } from '../common/formChanges';
import { notifySuccess } from '../common/notify';
import { SectionHeader } from '../common/SectionHeader';
import { CommandAlert, useCommandRun } from '../record-dialog/FormDialog';
import { commandFailure } from '../record-dialog/commandErrors';
import {
  useChangeAttributeSchemasMutation,
  useChangeTenantFeaturesMutation,
  useGetTenantAdminQuery,
} from './adminApi';
import { attributeRowErrors, definitionsOf, rowsOf } from './attributeRows';
import { AttributeSchemaEditor, schemaLists } from './AttributeSchemaEditor';
import type { AttributeSchemaValues } from './AttributeSchemaEditor';
import { FeatureSwitches } from './FeatureSwitches';

const schemaValuesOf = (tenant: TenantAdminView) =>
  Object.fromEntries(schemaLists.map((list) => [list, rowsOf(tenant[list])])) as AttributeSchemaValues;
type Schemas = Pick<TenantAdminView, (typeof schemaLists)[number]>;
const schemasOf = (tenant: TenantAdminView): Schemas => ({
  applicationAttributes: tenant.applicationAttributes,
  projectAttributes: tenant.projectAttributes,
  taskAttributes: tenant.taskAttributes,
});

/** A save's failure; a version conflict offers to reload the tenant. */
function SaveFailure({
  error,
  reloading,
  onReload,
}: {
  error: unknown;
  reloading: boolean;
  onReload: () => void;
}) {
  const { t } = useTranslation('admin');
  if (error === null) return null;
  return (
    <Stack gap="xs">
      <CommandAlert error={error} />
      {commandFailure(error).conflict && (
        <Group>
          <Text size="sm">{t('tenant.conflict')}</Text>
          <Button size="xs" variant="light" color="red" loading={reloading} onClick={onReload}>
            {t('tenant.reload')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** One section of the tenant page: a form with its title and (when editable) its own save button. */
function TenantSection({
  label,
  title,
  description,
  submitLabel,
  editable,
  changed,
  busy,
  noValidate,
  onSubmit,
  children,
}: {
  /** The section's accessible name. */
  label: string;
  title: string;
  description?: string;
  submitLabel: string;
  editable: boolean;
  changed: boolean;
  busy: boolean;
  noValidate?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-label={label}>
      <form
        noValidate={noValidate}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          <SectionHeader title={title} level={3} intro={description}>
            {editable && (
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                disabled={!changed}
                loading={busy}
              >
                {submitLabel}
              </Button>
            )}
          </SectionHeader>
          {children}
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The tenant's feature flags and attribute schemas. Both commands name the tenant version the forms
 * started from (409 when someone else changed the tenant meanwhile, with a reload); a save of one
 * section moves that version on, so saving the other next is no conflict.
 */
function TenantForms({
  tenant,
  editable,
  onReload,
}: {
  tenant: TenantAdminView;
  editable: boolean;
  onReload: () => Promise<TenantAdminView | null>;
}) {
  const [changeFeatures] = useChangeTenantFeaturesMutation();
  const [changeSchemas] = useChangeAttributeSchemasMutation();
  const [version, setVersion] = useState(tenant.version);
  const [savedFeatures, setSavedFeatures] = useState<FeatureFlags>(tenant.features);
  const [savedSchemas, setSavedSchemas] = useState(() => schemasOf(tenant));
  const [reloading, setReloading] = useState(false);
  const { t } = useTranslation('admin');
  const schemaTitles: Record<(typeof schemaLists)[number], string> = {
    applicationAttributes: t('tenant.attributes.applicationAttributes'),
    projectAttributes: t('tenant.attributes.projectAttributes'),
    taskAttributes: t('tenant.attributes.taskAttributes'),
  };

  const features = useForm<FeatureFlags>({ initialValues: { ...tenant.features } });
  const schemas = useForm<AttributeSchemaValues>({
    initialValues: schemaValuesOf(tenant),
    validate: (values) =>
      Object.assign({}, ...schemaLists.map((list) => attributeRowErrors(values[list], list, t))) as Record<
        string,
        string
      >,
  });
  const featuresRun = useCommandRun({ form: features });
  const schemasRun = useCommandRun({ form: schemas, fields: schemaLists });
  const featuresChanged = !sameValues(features.values, savedFeatures);
  const schemaData = Object.fromEntries(
    schemaLists.map((list) => [list, definitionsOf(schemas.values[list])]),
  ) as unknown as Schemas;
  const schemasChanged = !sameValues(schemaData, savedSchemas);

  const saveFeatures = async () => {
    if (!editable || !featuresChanged || featuresRun.busy) return;
    const data = { version, features: features.getValues() };
    await featuresRun.run(async (send) => {
      const result = await send('features', data, (idempotencyKey) =>
        changeFeatures({ data, idempotencyKey }).unwrap(),
      );
      setVersion(result.version);
      setSavedFeatures(data.features);
      notifySuccess(t('tenant.features.saved'));
    });
  };

  const saveSchemas = async () => {
    if (!editable || !schemasChanged || schemasRun.busy || schemas.validate().hasErrors) return;
    const data = { version, ...schemaData };
    await schemasRun.run(async (send) => {
      const result = await send('schemas', data, (idempotencyKey) =>
        changeSchemas({ data, idempotencyKey }).unwrap(),
      );
      setVersion(result.version);
      setSavedSchemas(schemaData);
      notifySuccess(t('tenant.attributes.saved'));
    });
  };

  /** After a conflict: the current tenant into both forms (unsaved changes are discarded). */
  const reload = async () => {
    setReloading(true);
    try {
      const current = await onReload();
      if (!current) return;
      setVersion(current.version);
      setSavedFeatures(current.features);
      features.setValues({ ...current.features });
      setSavedSchemas(schemasOf(current));
      schemas.setValues(schemaValuesOf(current));
      schemas.clearErrors();
      featuresRun.clearError();
      schemasRun.clearError();
    } finally {
      setReloading(false);
    }
  };

  const failure = (error: unknown) => (
    <SaveFailure error={error} reloading={reloading} onReload={() => void reload()} />
  );

  return (
    <Stack gap="lg">
      <TenantSection
        label={t('tenant.features.label')}
        title={t('tenant.features.title')}
        submitLabel={t('tenant.features.save')}
        editable={editable}
        changed={featuresChanged}
        busy={featuresRun.busy}
        onSubmit={() => void saveFeatures()}
      >
        <FeatureSwitches
          cols={{ base: 1, md: 2 }}
          disabled={!editable}
          inputProps={(key) => features.getInputProps(key, { type: 'checkbox' })}
        />
        {failure(featuresRun.error)}
      </TenantSection>
      <TenantSection
        label={t('tenant.attributes.label')}
        title={t('tenant.attributes.title')}
        description={t('tenant.attributes.description')}
        submitLabel={t('tenant.attributes.save')}
        editable={editable}
        changed={schemasChanged}
        busy={schemasRun.busy}
        noValidate
        onSubmit={() => void saveSchemas()}
      >
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
          {schemaLists.map((list) => (
            <AttributeSchemaEditor
              key={list}
              form={schemas}
              list={list}
              title={schemaTitles[list]}
              readOnly={!editable}
            />
          ))}
        </SimpleGrid>
        {failure(schemasRun.error)}
      </TenantSection>
    </Stack>
  );
}

export function TenantPanel({ editable }: { editable: boolean }) {
  const { data, isLoading, isError, error, refetch } = useGetTenantAdminQuery();
  const { t } = useTranslation('admin');
  if (isLoading) {
    return (
      <Stack aria-label={t('tenant.loading')}>
        <Skeleton height={160} radius="sm" />
        <Skeleton height={240} radius="sm" />
      </Stack>
    );
  }
  if (isError || !data) return <LoadError title={t('tenant.loadError')} error={error} />;
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('tenant.title', { name: data.name })}
      </Title>
      {!editable && (
        <Alert color="gray" variant="light">
          {t('tenant.readOnly')}
        </Alert>
      )}
      <TenantForms
        key={data.id}
        tenant={data}
        editable={editable}
        onReload={async () => (await refetch()).data ?? null}
      />
    </Stack>
  );
}
