import { useEffect } from 'react';
import { ActionIcon, Modal, Stack, Switch, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKeyboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShortcutList } from './ShortcutList';
import { usePressed } from './shortcutsOn';
import { useShortcutsPreference } from './useShortcutsPreference';

/** Where a typed `?` is text, or belongs to a dialog, not a request for help. */
const notForHelp = 'input, textarea, select, [contenteditable="true"], [role="dialog"]';

/**
 * The keyboard help: a header button (always there, so shortcuts switched off can be switched on
 * again) and `?` open the list of every shortcut, with the switch that turns shortcuts off.
 */
export function KeyboardHelp() {
  const { t } = useTranslation('shortcuts');
  const [opened, { open, close }] = useDisclosure(false);
  const { on, choose } = useShortcutsPreference();
  const pressed = usePressed();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || !pressed('help', event)) return;
      if (event.target instanceof Element && event.target.closest(notForHelp)) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [pressed, open]);

  return (
    <>
      <Tooltip label={t('open')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={open}
          aria-label={t('open')}
          aria-haspopup="dialog"
          style={{ flexShrink: 0 }}
        >
          <IconKeyboard size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={close}
        title={t('title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Stack gap="md">
          <Switch
            checked={on}
            onChange={(event) => void choose(event.currentTarget.checked)}
            label={t('switch.label')}
            description={t('switch.description')}
          />
          <ShortcutList on={on} />
        </Stack>
      </Modal>
    </>
  );
}
