import type { ReactNode } from 'react';
import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { extractCockpitId } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';

/** Where the cockpit shows an object; the deployment sets it (VITE_COCKPIT_URL, e.g. https://cockpit.example/objects/). */
const cockpitBase: string | undefined = import.meta.env.VITE_COCKPIT_URL;

interface CockpitFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  editable: boolean;
}

/** Admin variant only: the cockpit id; pasting a link or text keeps just the object id (§5). */
export function CockpitField({ value, onChange, error, editable }: CockpitFieldProps) {
  const { t } = useTranslation('record-dialog');
  const id = value.trim();
  const href = cockpitBase && id ? `${cockpitBase}${encodeURIComponent(id)}` : null;
  return (
    <TextInput
      label={t('cockpit.label')}
      readOnly={!editable}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
      onPaste={(event) => {
        if (!editable) return;
        event.preventDefault();
        onChange(extractCockpitId(event.clipboardData.getData('text')));
      }}
      rightSection={
        href ? (
          <Tooltip label={t('cockpit.open')}>
            <ActionIcon
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              aria-label={t('cockpit.open')}
            >
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
        ) : undefined
      }
    />
  );
}
