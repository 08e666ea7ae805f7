import { useState } from 'react';
import { Alert, Button, Center, Divider, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { describeError } from '../common/problem';
import { useLoginMutation } from './authApi';
import { useGetOidcConfigQuery } from './oidcApi';
import { oidcErrorMessage, oidcStartUrl } from './oidcLogin';
import type { Credentials } from './authApi';
import { selectSessionStatus } from '../session/sessionSlice';

const safeTarget = (from: string | null) =>
  from && from.startsWith('/') && !from.startsWith('//') ? from : '/';

export function LoginPage() {
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
      tenant: (v) => (v.trim() ? null : 'required'),
      username: (v) => (v.trim() ? null : 'required'),
      password: (v) => (v ? null : 'required'),
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
    <Center h="100vh" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={380}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2}>Fahrplan</Title>
            <TextInput label="Tenant" autoComplete="organization" {...form.getInputProps('tenant')} />
            <TextInput
              label="Username"
              autoComplete="username"
              data-autofocus
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              // keeps getByLabel('Password') unambiguous: Mantine's default toggle label contains the word
              visibilityToggleButtonProps={{ 'aria-label': 'toggle visibility' }}
              {...form.getInputProps('password')}
            />
            {error && (
              <Alert color="red" role="alert" title="Login failed">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={isLoading}>
              Log in
            </Button>
            {oidcError && (
              <Alert color="red" role="alert" title="Single sign-on failed">
                {oidcError}
              </Alert>
            )}
            {oidc?.enabled && (
              <>
                <Divider label="or" labelPosition="center" />
                <Button component="a" variant="default" href={oidcStartUrl(form.values.tenant)}>
                  Sign in with {oidc.label}
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
