import { useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
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

  const live = (
    <VisuallyHidden role="status" aria-live="polite">
      {announcement}
    </VisuallyHidden>
  );
  if (shown.id === null) return live;
  return (
    <Box
      pos="sticky"
      top="var(--app-shell-header-offset, 56px)"
      style={{ zIndex: 3 }}
      mx="calc(var(--mantine-spacing-md) * -1)"
      mt="calc(var(--mantine-spacing-md) * -1)"
      mb="md"
    >
      {live}
      <Paper
        ref={banner}
        tabIndex={-1}
        role="region"
        aria-label={t('banner.label')}
        radius={0}
        px="md"
        py={8}
        bg="var(--mantine-color-grape-light)"
        style={{ borderBottom: '2px solid var(--mantine-color-grape-filled)' }}
        data-testid="scenario-banner"
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconGitBranch size={20} color="var(--mantine-color-grape-text)" aria-hidden />
            <Text size="sm">
              <Text span fw={700}>
                {t('banner.scenario', { name })}
              </Text>{' '}
              {t('banner.notLive')}
            </Text>
          </Group>
          <Group gap="xs">
            <Button
              component={Link}
              to={comparePath([shown.id])}
              variant="default"
              size="xs"
              leftSection={<IconScale size={16} />}
            >
              {t('banner.compare')}
            </Button>
            {shown.data && <PublishButton scenario={shown.data} />}
            <Button
              size="xs"
              color="grape"
              leftSection={<IconArrowBackUp size={16} />}
              onClick={() => setScenario(null)}
            >
              {t('banner.live')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Box>
  );
}
