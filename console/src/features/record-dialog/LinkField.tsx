import { ActionIcon, Text, TextInput, Tooltip } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { isValidUrl } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';

type Props = TextInputProps & {
  value: string;
  openLabel: string;
  /** The link the field builds (e.g. a tracker issue link from an issue id); by default the value itself. */
  href?: string | null;
};

/** A URL field: an open-link button only for a valid URL, otherwise a non-blocking 'invalid url' note (§5). */
export function LinkField({ value, openLabel, href = value, ...props }: Props) {
  const { t } = useTranslation('record-dialog');
  const link = href ?? '';
  const valid = isValidUrl(link);
  const warning = link.trim() !== '' && !valid;
  return (
    <TextInput
      {...props}
      value={value}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        warning ? (
          <Text span size="xs" c="var(--mantine-color-orange-text)" role="status">
            {t('link.invalid')}
          </Text>
        ) : undefined
      }
      rightSection={
        valid ? (
          <Tooltip label={openLabel}>
            <ActionIcon
              component="a"
              href={link.trim()}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              aria-label={openLabel}
            >
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
        ) : undefined
      }
    />
  );
}
