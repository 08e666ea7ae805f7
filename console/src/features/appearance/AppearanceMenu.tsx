import { ActionIcon, Popover, SegmentedControl, Stack, Switch } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { consoleThemes } from '@fahrplan/contracts';
import type { ConsoleTheme } from '@fahrplan/contracts';
import { useAppearance } from './useAppearance';
import type { AppearanceChange } from './useAppearance';

const icons = { system: IconDeviceDesktop, light: IconSun, dark: IconMoon } as const;

/**
 * The appearance switch: the colour scheme (the system's, light or dark) as a radio group and the
 * high-contrast variant as a switch, in a popover that keeps the keyboard's focus until Escape.
 */
export function AppearanceMenu({ onChoose }: { onChoose: (change: AppearanceChange) => void }) {
  const { t } = useTranslation('appearance');
  const { theme, highContrast } = useAppearance();
  const names: Record<ConsoleTheme, string> = {
    system: t('theme.system'),
    light: t('theme.light'),
    dark: t('theme.dark'),
  };
  const Icon = icons[theme];
  return (
    <Popover position="bottom-end" withinPortal trapFocus returnFocus shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={
            highContrast
              ? t('switchHighContrast', { name: names[theme] })
              : t('switch', { name: names[theme] })
          }
          data-testid="appearance-switch"
          style={{ flexShrink: 0 }}
        >
          <Icon size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <SegmentedControl
            size="xs"
            aria-label={t('scheme')}
            value={theme}
            onChange={(value) => onChoose({ theme: value as ConsoleTheme })}
            data={consoleThemes.map((value) => ({ value, label: names[value] }))}
          />
          <Switch
            label={t('highContrast')}
            checked={highContrast}
            onChange={(event) => onChoose({ highContrast: event.currentTarget.checked })}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
