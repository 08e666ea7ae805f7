import { useTranslation } from 'react-i18next';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { serverToUiDate } from '@fahrplan/contracts';
import { serverStart } from './itemForm';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  /** A shown date-time, DD.MM.YYYY HH:mm (§5), or null. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * An item date-time (§5): typed as DD.MM.YYYY HH:mm, or a day picked from a calendar (the time of day is
 * kept, 00:00 when there was none).
 */
export function UiDateTimeInput({ value, onChange, readOnly, label, ...props }: Props) {
  const { t } = useTranslation('items');
  const [opened, { close, toggle }] = useDisclosure(false);
  const server = serverStart(value);
  const time = server ? server.slice(11) : '00:00';
  return (
    <TextInput
      {...props}
      label={label}
      readOnly={readOnly}
      placeholder={readOnly ? undefined : t('dateTimeInput.placeholder')}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
      rightSection={
        readOnly ? undefined : (
          <Popover
            opened={opened}
            onChange={(o) => (o ? undefined : close())}
            position="bottom-end"
            shadow="md"
          >
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                onClick={toggle}
                // a label without the field's name, so the field's label finds only the field
                aria-label={t('dateTimeInput.chooseDay')}
              >
                <IconCalendar size={16} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <DatePicker
                value={server ? server.slice(0, 10) : null}
                defaultDate={server ? server.slice(0, 10) : undefined}
                onChange={(day) => {
                  if (day) onChange(`${serverToUiDate(day.slice(0, 10))} ${time}`);
                  close();
                }}
              />
            </Popover.Dropdown>
          </Popover>
        )
      }
    />
  );
}
