import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { IconSwitchHorizontal } from '@tabler/icons-react';
import { NewButton, SectionHeader } from '../common/SectionHeader';
import { createTenantSchema, noFeatures } from '@fahrplan/contracts';
import type { FeatureFlags } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectMe } from '../session/selectMe';
import { zodCommand } from '../common/zodValidate';
import { FormDialog } from '../record-dialog/FormDialog';
import { useFormCommand } from '../record-dialog/useFormCommand';
import { useCreateTenantMutation } from './adminApi';
import { FeatureSwitches } from './FeatureSwitches';
import { useSwitchTenant } from './tenantSession';
import { TableHeader } from '../common/TableHeader';

interface NewTenantValues {
  name: string;
  features: FeatureFlags;
}

/** A new tenant with its feature flags; the creator becomes its administrator. Then: switch to it? */
function NewTenantDialog({ onClose, onSwitch }: { onClose: () => void; onSwitch: (tenant: string) => void }) {
  const [createTenant] = useCreateTenantMutation();
  const [created, setCreated] = useState<string | null>(null);
  const { t } = useTranslation('admin');
  const { validate, parse } = zodCommand(createTenantSchema, (v: NewTenantValues) => v);
  const {
    form,
    submit: create,
    dialogProps,
  } = useFormCommand({
    // a copy: the form writes into its values
    form: { initialValues: { name: '', features: { ...noFeatures } }, validate },
    step: 'create',
    parse,
    command: createTenant,
    onClose,
    onDone: (data) => setCreated(data.name),
  });

  const submit = async () => {
    if (created) onSwitch(created);
    else await create();
  };

  if (created) {
    return (
      <FormDialog
        title={t('tenants.created.title')}
        onClose={onClose}
        onSubmit={() => void submit()}
        submitLabel={t('tenants.created.switch', { tenant: created })}
        busy={false}
        error={null}
      >
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="tenants.created.text"
            values={{ tenant: created }}
            components={{ b: <b /> }}
          />
        </Text>
      </FormDialog>
    );
  }
  return (
    <FormDialog
      title={t('tenants.new')}
      size="lg"
      submitLabel={t('tenants.create')}
      {...dialogProps}
      onSubmit={() => void submit()}
    >
      <Stack>
        <TextInput
          label={t('tenants.name')}
          description={t('tenants.nameRule')}
          required
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <Text fw={500} size="sm">
          {t('tenant.features.title')}
        </Text>
        <FeatureSwitches
          cols={{ base: 1, sm: 2 }}
          inputProps={(key) => form.getInputProps(`features.${key}`, { type: 'checkbox' })}
        />
      </Stack>
    </FormDialog>
  );
}

/** The tenants the user can act in, with a switch, and new tenants (admin CREATE). */
export function TenantsPanel({ canCreate }: { canCreate: boolean }) {
  const me = useAppSelector(selectMe);
  const { switchTo, switching } = useSwitchTenant();
  const [creating, setCreating] = useState(false);
  const { t } = useTranslation('admin');
  if (!me) return null;
  return (
    <Stack>
      <SectionHeader title={t('tenants.title')} level={2}>
        {canCreate && <NewButton label={t('tenants.new')} onClick={() => setCreating(true)} />}
      </SectionHeader>
      <Paper withBorder radius="sm">
        <Table aria-label={t('tenants.table')} verticalSpacing="sm">
          <TableHeader cells={[t('tabs.tenant'), t('tenants.membership'), {}]} />
          <Table.Tbody>
            {me.tenants.map((tenant) => (
              <Table.Tr key={tenant} data-testid={`tenant-row-${tenant}`}>
                <Table.Td>
                  <Group gap="xs">
                    <Text fw={tenant === me.tenant ? 600 : undefined}>{tenant}</Text>
                    {tenant === me.tenant && (
                      <Badge size="sm" color="green">
                        {t('tenants.current')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{tenant === me.homeTenant ? t('tenants.home') : t('tenants.member')}</Table.Td>
                <Table.Td ta="right">
                  {tenant !== me.tenant && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconSwitchHorizontal size={14} />}
                      loading={switching === tenant}
                      onClick={() => switchTo(tenant)}
                      aria-label={t('tenants.switchTo', { tenant })}
                    >
                      {t('tenants.switch')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {creating && (
        <NewTenantDialog
          onClose={() => setCreating(false)}
          onSwitch={(tenant) => {
            setCreating(false);
            switchTo(tenant);
          }}
        />
      )}
    </Stack>
  );
}
