import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Inside an editor whose calendar's rules failed to load: says that its durations count on Bern's
 * calendar (§9) meanwhile, so the fallback is never silent.
 */
export function CalendarRulesWarning({ failed }: { failed: boolean }) {
  const { t } = useTranslation('calendars');
  if (!failed) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} role="status">
      {t('rules.failed')}
    </Alert>
  );
}
