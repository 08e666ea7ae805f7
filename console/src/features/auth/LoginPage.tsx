import { useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { describeError } from '../common/problem';
import { LanguageMenu } from '../i18n/LanguageMenu';
import { showIn } from '../i18n/i18n';
import { useLoginMutation } from './authApi';
import { useGetOidcConfigQuery } from './oidcApi';
import { oidcErrorMessage, oidcStartUrl } from './oidcLogin';
import type { Credentials } from './authApi';
import { selectSessionStatus } from '../session/sessionSlice';

const safeTarget = (from: string | null) =>
  from && from.startsWith('/') && !from.startsWith('//') ? from : '/';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const [login, { isLoading }] = useLoginMutation();
  const [error, setError] = useState<string | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = useAppSelector(selectSessionStatus);
  const target = safeTarget(params.get('from'));
  const { data: oidc } = useGetOidcConfigQuery();
  const oidcError = oidcErrorMessage(params.get('error'));
  const form = useForm<Credentials>({
    mode: 'controlled',
    initialValues: { tenant: 'demo', username: '', password: '' },
    validate: {
      tenant: (v) => (v.trim() ? null : t('required')),
      username: (v) => (v.trim() ? null : t('required')),
      password: (v) => (v ? null : t('required')),
    },
  });

  if (status === 'authenticated' && !isLoading) return <Navigate to={target} replace />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await login({ ...values, tenant: values.tenant.trim(), username: values.username.trim() }).unwrap();
      navigate(target, { replace: true });
    } catch (e) {
      setError(describeError(e));
    }
  });

  return (
    <Center component="main" h="100vh" bg="var(--fahrplan-surface)">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={380}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Group justify="space-between" wrap="nowrap">
              {/* i18next-instrument-ignore: the product's name is the same in every language */}
              <Title order={1} size="h2">
                Fahrplan
              </Title>
              <LanguageMenu onChoose={(language) => void showIn(language)} />
            </Group>
            <TextInput label={t('tenant')} autoComplete="organization" {...form.getInputProps('tenant')} />
            <TextInput
              label={t('username')}
              autoComplete="username"
              data-autofocus
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label={t('password')}
              autoComplete="current-password"
              // keeps getByLabel('Password') unambiguous: Mantine's default toggle label contains the word
              visibilityToggleButtonProps={{ 'aria-label': t('toggleVisibility') }}
              {...form.getInputProps('password')}
            />
            {error && (
              <Alert color="red" role="alert" title={t('loginFailed')}>
                {error}
              </Alert>
            )}
            <Button type="submit" loading={isLoading}>
              {t('logIn')}
            </Button>
            {oidcError && (
              <Alert color="red" role="alert" title={t('singleSignOnFailed')}>
                {oidcError}
              </Alert>
            )}
            {oidc?.enabled && (
              <>
                <Divider label={t('or')} labelPosition="center" />
                <Button component="a" variant="default" href={oidcStartUrl(form.values.tenant)}>
                  {t('signInWith', { provider: oidc.label })}
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
