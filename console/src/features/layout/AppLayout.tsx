import { Fragment } from 'react';
import { AppShell, Box, Burger, Button, Group, Kbd, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import {
  IconApps,
  IconFlag,
  IconGitBranch,
  IconCalendarEvent,
  IconBriefcase,
  IconHome,
  IconLogout,
  IconSearch,
  IconSettings,
  IconShare,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, Outlet, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ApplicationDialogHost } from '../applications/details/ApplicationDialogHost';
import { ProjectDialogHost } from '../projects/details/ProjectDialogHost';
import { CommandPalette } from '../commands-palette/CommandPalette';
import { RecordDialogParams } from '../commands-palette/RecordDialogParams';
import { ItemDialogHost } from '../items/ItemDialogHost';
import { useLogoutMutation } from '../auth/authApi';
import { selectMe } from '../session/selectMe';
import { useChangeFeedQuery } from '../changes/changesApi';
import { InvitationsIndicator, TenantSwitcher } from '../admin/tenantSession';
import { useCan } from '../auth/permissions';
import { PendingSharesBadge } from '../shares/PendingSharesBadge';
import { pathWithAsOf } from '../session/asOf';
import { AsOfBanner, AsOfHeaderControl, AsOfUrlSync } from '../as-of/AsOfControls';
import { useAsOf } from '../as-of/useAsOf';
import { ScenarioBanner } from '../scenarios/ScenarioBanner';
import { ScenarioSwitcher } from '../scenarios/ScenarioSwitcher';
import { ScenarioUrlSync } from '../scenarios/ScenarioUrlSync';
import { useScenario } from '../scenarios/useScenario';
import { TruncatedText } from '../common/TruncatedText';
import { LanguageMenu } from '../i18n/LanguageMenu';
import { useUserLanguage } from '../preferences/useUserLanguage';
import { KeyboardHelp } from '../shortcuts/KeyboardHelp';
import { useUndoShortcut } from '../shortcuts/useUndoShortcut';
import { AppearanceMenu } from '../appearance/AppearanceMenu';
import { useUserAppearance } from '../preferences/useUserAppearance';

const navigation = [
  { to: '/', icon: IconHome, end: true },
  { to: '/applications', icon: IconApps, end: false },
  { to: '/projects', icon: IconBriefcase, end: false },
  { to: '/shares', icon: IconShare, end: false },
  { to: '/baselines', icon: IconFlag, end: false },
  { to: '/scenarios', icon: IconGitBranch, end: false },
  { to: '/calendar-feeds', icon: IconCalendarEvent, end: false },
  { to: '/admin', icon: IconSettings, end: false },
] as const;

export function AppLayout() {
  const { t } = useTranslation('layout');
  const [opened, { toggle, close }] = useDisclosure();
  const me = useAppSelector(selectMe);
  const chooseLanguage = useUserLanguage(me);
  const chooseAppearance = useUserAppearance(me);
  const labels: Record<(typeof navigation)[number]['to'], string> = {
    '/': t('nav.home'),
    '/applications': t('nav.applications'),
    '/projects': t('nav.projects'),
    '/shares': t('nav.sharing'),
    '/baselines': t('nav.baselines'),
    '/scenarios': t('nav.scenarios'),
    '/calendar-feeds': t('nav.calendarFeeds'),
    '/admin': t('nav.administration'),
  };
  const canAdmin = useCan('admin', 'VIEW');
  const canCompare = useCan('history', 'VIEW');
  const canScenarios = useCan('scenarios', 'VIEW');
  const canFeeds = useCan('items', 'VIEW');
  const [logout, { isLoading }] = useLogoutMutation();
  const navigate = useNavigate();
  const asOf = useAsOf();
  const scenario = useScenario();
  useChangeFeedQuery();
  useUndoShortcut();

  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        {/* from 768 px up everything fits on one line: labels that only repeat an icon give way first,
            the user's name is cut last */}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group wrap="nowrap" style={{ flexShrink: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('toggleNavigation')}
            />
            {/* the product's name is no heading: a page's one h1 is the page's own name */}
            {/* i18next-instrument-ignore: the product's name is the same in every language */}
            <Text fw={700} fz="h3">
              Fahrplan
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0} data-testid="header-actions">
            <AsOfHeaderControl />
            <ScenarioSwitcher />
            <Button
              variant="default"
              size="xs"
              leftSection={<IconSearch size={16} />}
              rightSection={
                <Kbd size="xs" visibleFrom="lg">
                  {t('searchShortcut')}
                </Kbd>
              }
              onClick={spotlight.open}
              // named by what it shows (WCAG 2.5.3, label in name): Search and, when shown, its shortcut
              aria-haspopup="dialog"
              aria-keyshortcuts="Control+K Meta+K"
              style={{ flexShrink: 0 }}
            >
              {t('search')}
            </Button>
            <InvitationsIndicator />
            <TenantSwitcher />
            <Group gap={4} wrap="nowrap" miw={0} data-testid="session-user">
              <Text span size="sm" fw={600} style={{ flexShrink: 0 }}>
                {me?.tenant}
              </Text>
              <TruncatedText
                size="sm"
                maw={220}
              >{`· ${me?.displayName || me?.username || ''}`}</TruncatedText>
            </Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconLogout size={16} />}
              loading={isLoading}
              onClick={() => void signOut()}
              aria-label={t('logOut')}
              style={{ flexShrink: 0 }}
            >
              <Box component="span" visibleFrom="lg">
                {t('logOut')}
              </Box>
            </Button>
            <KeyboardHelp />
            <AppearanceMenu onChoose={(change) => void chooseAppearance(change)} />
            <LanguageMenu onChoose={(language) => void chooseLanguage(language)} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('mainNavigation')}>
        {navigation
          .filter(
            ({ to }) =>
              (to !== '/admin' || canAdmin) &&
              (to !== '/baselines' || canCompare) &&
              (to !== '/scenarios' || canScenarios) &&
              (to !== '/calendar-feeds' || canFeeds),
          )
          .map(({ to, icon: Icon, end }) => (
            <NavLink
              key={to}
              component={RouterNavLink}
              to={pathWithAsOf(to, asOf)}
              end={end}
              label={labels[to]}
              leftSection={<Icon size={18} />}
              rightSection={to === '/shares' ? <PendingSharesBadge /> : undefined}
              onClick={close}
            />
          ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <AsOfUrlSync />
        <ScenarioUrlSync />
        <AsOfBanner />
        <ScenarioBanner />
        {/* a new instant or scenario mounts everything afresh: no page or dialog keeps data of another */}
        <Fragment key={`${asOf ?? 'now'}/${scenario ?? 'live'}`}>
          <Outlet />
          <ApplicationDialogHost />
          <ProjectDialogHost />
          <ItemDialogHost />
          <RecordDialogParams />
        </Fragment>
        <CommandPalette />
      </AppShell.Main>
    </AppShell>
  );
}
