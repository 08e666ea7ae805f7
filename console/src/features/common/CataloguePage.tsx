import { Alert, Skeleton, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from './problem';

/** Pieces the catalogue pages (applications, projects) share. */

/** Rows of a table while its first answer loads; `label` names what loads. */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap={6} aria-label={label}>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={34} radius="sm" />
      ))}
    </Stack>
  );
}

export function LoadError({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert color="red" title={title}>
      {describeError(error)}
    </Alert>
  );
}

/** The free-text search above a catalogue; `placeholder` names the fields it searches. */
export function SearchField({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <TextInput
      label={t('search')}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={320}
    />
  );
}
