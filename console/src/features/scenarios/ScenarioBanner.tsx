import { useEffect, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { ViewBanner } from '../common/ViewBanner';
import { IconArrowBackUp, IconGitBranch, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { comparePath } from './scenarioPaths';
import { PublishButton } from './PublishButton';
import { useSetScenario, useShownScenario } from './useScenario';

/**
 * Under the header while the console shows a scenario (issue 22), like the as-of banner: which
 * scenario, that it is not the live plan, and the ways on (compare, publish) and out (live plan).
 */
export function ScenarioBanner() {
  const { t } = useTranslation('scenarios');
  const shown = useShownScenario();
  const setScenario = useSetScenario();
  const banner = useRef<HTMLDivElement>(null);
  const said = useRef(shown.id);
  const [announcement, setAnnouncement] = useState('');
  const name = shown.data?.name ?? '…';

  // after a move into or out of a scenario: say so politely, and put the focus on the banner
  useEffect(() => {
    if (said.current === shown.id || (shown.id !== null && !shown.data)) return;
    said.current = shown.id;
    setAnnouncement(shown.data ? t('banner.announce', { name: shown.data.name }) : t('banner.announceLive'));
    const frame = requestAnimationFrame(() => {
      if (document.activeElement?.closest('[role="dialog"]')) return;
      banner.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [shown.id, shown.data, t]);

  return (
    <ViewBanner
      shown={shown.id !== null}
      announcement={announcement}
      bannerRef={banner}
      label={t('banner.label')}
      color="grape"
      icon={IconGitBranch}
      title={t('banner.scenario', { name })}
      text={t('banner.notLive')}
      testId="scenario-banner"
      exit={{ label: t('banner.live'), icon: IconArrowBackUp, onClick: () => setScenario(null) }}
    >
      {shown.id !== null && (
        <Button
          component={Link}
          to={comparePath([shown.id])}
          variant="default"
          size="xs"
          leftSection={<IconScale size={16} />}
        >
          {t('banner.compare')}
        </Button>
      )}
      {shown.data && <PublishButton scenario={shown.data} />}
    </ViewBanner>
  );
}
