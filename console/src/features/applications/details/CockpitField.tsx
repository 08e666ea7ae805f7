import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { extractCockpitId } from '@fahrplan/contracts';
import type { ApplicationForm } from './formTypes';

/** Where the cockpit shows an object; the deployment sets it (VITE_COCKPIT_URL, e.g. https://cockpit.example/objects/). */
const cockpitBase: string | undefined = import.meta.env.VITE_COCKPIT_URL;

/** Admin variant only: the cockpit id; pasting a link or text keeps just the object id (§5). */
export function CockpitField({ form, editable }: { form: ApplicationForm; editable: boolean }) {
  const id = form.values.cockpitid.trim();
  const href = cockpitBase && id ? `${cockpitBase}${encodeURIComponent(id)}` : null;
  return (
    <TextInput
      label="Cockpit id"
      readOnly={!editable}
      {...form.getInputProps('cockpitid')}
      onPaste={(event) => {
        if (!editable) return;
        event.preventDefault();
        form.setFieldValue('cockpitid', extractCockpitId(event.clipboardData.getData('text')));
      }}
      rightSection={
        href ? (
          <Tooltip label="open in cockpit">
            <ActionIcon
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              aria-label="open in cockpit"
            >
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
        ) : undefined
      }
    />
  );
}
