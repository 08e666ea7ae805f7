import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { consoleLanguageOf, consoleLanguages } from '@fahrplan/contracts';
import type { ConsoleLanguage } from '@fahrplan/contracts';

/** Each language by its own name: whoever cannot read the current one still finds theirs. */
const ownNames: Record<ConsoleLanguage, string> = {
  'de-CH': 'Deutsch',
  'fr-CH': 'Français',
  'it-CH': 'Italiano',
  en: 'English',
};

/** The language switch: the current language's short name; the four languages by their own names. */
export function LanguageMenu({ onChoose }: { onChoose: (language: ConsoleLanguage) => void }) {
  const { t, i18n } = useTranslation('i18n');
  const current = consoleLanguageOf(i18n.language) ?? 'de-CH';
  const short = current.slice(0, 2).toUpperCase();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconLanguage size={16} />}
          // the accessible name starts with the visible short name (WCAG 2.5.3, label in name)
          aria-label={t('language', { name: ownNames[current], short })}
          style={{ flexShrink: 0 }}
        >
          {short}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {consoleLanguages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            leftSection={language === current ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
            aria-current={language === current ? 'true' : undefined}
            onClick={() => onChoose(language)}
          >
            {ownNames[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
