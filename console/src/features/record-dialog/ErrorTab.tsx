import { Tabs } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A dialog tab that shows an alert icon while one of its fields has an error, so a hidden problem is found. */
export function ErrorTab({ value, label, hasError }: { value: string; label: string; hasError: boolean }) {
  return (
    <Tabs.Tab
      value={value}
      rightSection={
        hasError ? <IconAlertCircle size={14} color="var(--mantine-color-error)" aria-hidden /> : null
      }
    >
      {label}
    </Tabs.Tab>
  );
}
