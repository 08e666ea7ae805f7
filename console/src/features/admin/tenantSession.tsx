import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Indicator, Menu, Popover, Stack, Text } from '@mantine/core';
import {
  IconBuilding,
  IconCheck,
  IconChevronDown,
  IconMail,
  IconSwitchHorizontal,
  IconX,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { apiSlice } from '../api/apiSlice';
import { describeError } from '../common/problem';
import { MenuButton } from '../common/MenuButton';
import { useGetMeQuery } from '../auth/authApi';
import { selectMe } from '../session/selectMe';
import { signedIn } from '../session/sessionSlice';
import { notifyError, notifySuccess } from '../common/notify';
import {
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useSwitchTenantMutation,
} from './adminApi';
import { readOnlyMessage } from '../session/asOf';
import { useAsOf } from '../as-of/useAsOf';

/**
 * Switches the session to another of the user's tenants: a new access token and me, an empty query
 * cache (nothing of the old tenant stays on screen), then home. An expired access token is refreshed
 * once by baseQuery.
 */
export function useSwitchTenant() {
  const [switchTenant] = useSwitchTenantMutation();
  const [switching, setSwitching] = useState<string | null>(null);
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const go = async (tenant: string) => {
    setSwitching(tenant);
    try {
      const result = await switchTenant({ tenant }).unwrap();
      dispatch(signedIn(result));
      navigate('/');
      dispatch(apiSlice.util.resetApiState());
      notifySuccess(t('tenantSession.switched', { tenant: result.me.tenant }));
    } catch (error) {
      notifyError(describeError(error));
    } finally {
      setSwitching(null);
    }
  };
  return { switchTo: (tenant: string) => void go(tenant), switching };
}

/** The header's tenant: a menu of the user's other tenants when there are any. */
export function TenantSwitcher() {
  const me = useAppSelector(selectMe);
  const { switchTo, switching } = useSwitchTenant();
  const { t } = useTranslation('admin');
  if (!me) return null;
  const others = me.tenants.filter((t) => t !== me.tenant);
  if (others.length === 0) return null;
  return (
    <MenuButton
      variant="light"
      leftSection={<IconBuilding size={16} />}
      rightSection={<IconChevronDown size={14} />}
      loading={switching !== null}
      aria-label={t('tenantSession.switcher', { tenant: me.tenant })}
      items={
        <>
          <Menu.Label>{t('tenantSession.switchTo')}</Menu.Label>
          {others.map((tenant) => (
            <Menu.Item
              key={tenant}
              leftSection={<IconSwitchHorizontal size={14} />}
              onClick={() => switchTo(tenant)}
            >
              {tenant}
              {tenant === me.homeTenant && (
                <Badge ml="xs" size="xs" variant="light">
                  {t('tenantSession.home')}
                </Badge>
              )}
            </Menu.Item>
          ))}
        </>
      }
    >
      {me.tenant}
    </MenuButton>
  );
}

/**
 * Invitations of other tenants waiting for the user's answer (me.invitations, refetched every minute):
 * an indicator in the header with Accept / Decline per tenant; an accepted tenant joins the switcher.
 */
export function InvitationsIndicator() {
  useGetMeQuery(undefined, { pollingInterval: 60_000, skipPollingIfUnfocused: true });
  const me = useAppSelector(selectMe);
  const [accept] = useAcceptInvitationMutation();
  const [decline] = useDeclineInvitationMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const { t } = useTranslation('admin');
  // answering is a command: not while viewing the past (read-only)
  const asOf = useAsOf();
  const { t: sessionT } = useTranslation('session');
  const invitations = me?.invitations ?? [];
  if (invitations.length === 0) return null;

  const answer = async (tenant: string, yes: boolean) => {
    setBusy(tenant);
    try {
      const request = { data: { tenant }, idempotencyKey: crypto.randomUUID() };
      await (yes ? accept(request) : decline(request)).unwrap();
      notifySuccess(yes ? t('tenantSession.joined', { tenant }) : t('tenantSession.declined', { tenant }));
    } catch (error) {
      notifyError(describeError(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Popover position="bottom-end" withArrow shadow="md" width={320}>
      <Popover.Target>
        <Indicator label={invitations.length} size={16} color="red">
          <ActionIcon variant="light" aria-label={t('tenantSession.waiting', { count: invitations.length })}>
            <IconMail size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('tenantSession.invitations')}>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('tenantSession.invitationsTitle')}
          </Text>
          {asOf && (
            <Text size="xs" c="dimmed">
              {readOnlyMessage(asOf, sessionT)}
            </Text>
          )}
          {invitations.map((tenant) => (
            <Group key={tenant} justify="space-between" wrap="nowrap">
              <Text size="sm">{tenant}</Text>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  leftSection={<IconCheck size={12} />}
                  loading={busy === tenant}
                  disabled={asOf !== null}
                  onClick={() => void answer(tenant, true)}
                  aria-label={t('tenantSession.acceptOf', { tenant })}
                >
                  {t('tenantSession.accept')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="default"
                  leftSection={<IconX size={12} />}
                  disabled={busy === tenant || asOf !== null}
                  onClick={() => void answer(tenant, false)}
                  aria-label={t('tenantSession.declineOf', { tenant })}
                >
                  {t('tenantSession.decline')}
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
