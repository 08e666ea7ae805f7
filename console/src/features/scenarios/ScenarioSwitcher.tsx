import { useState } from 'react';
import { Box, Button, Combobox, Text, Tooltip, useCombobox } from '@mantine/core';
import { IconGitBranch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pageItems } from '../api/pages';
import { useCan } from '../auth/permissions';
import { useAsOf } from '../as-of/useAsOf';
import { useGetScenarioPagesInfiniteQuery } from './scenariosApi';
import { useScenarioActions } from './useScenarioActions';
import { useSetScenario, useShownScenario } from './useScenario';
import { comparePath, scenariosPath } from './scenarioPaths';

const live = 'live';
const actions = {
  new: 'action:new',
  rename: 'action:rename',
  discard: 'action:discard',
  compare: 'action:compare',
  more: 'action:more',
  all: 'action:all',
} as const;

/**
 * The header's scenario switcher (issue 22): the live plan, the open scenarios (searchable, a page at a
 * time), a new scenario, and renaming, discarding or comparing the one shown. A combobox: arrows move,
 * Enter picks, Escape closes. Disabled while the console shows the past, and says why.
 */
export function ScenarioSwitcher() {
  const { t } = useTranslation('scenarios');
  const canView = useCan('scenarios', 'VIEW');
  const canCreate = useCan('scenarios', 'CREATE');
  const canEdit = useCan('scenarios', 'EDIT');
  const asOf = useAsOf();
  const shown = useShownScenario();
  const setScenario = useSetScenario();
  const navigate = useNavigate();
  const scenarioActions = useScenarioActions();
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      combobox.focusTarget();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const pages = useGetScenarioPagesInfiniteQuery(undefined, { skip: !canView || asOf !== null });
  if (!canView) return null;

  const term = search.trim().toLocaleLowerCase();
  const scenarios = pageItems(pages.data).filter((s) => s.name.toLocaleLowerCase().includes(term));
  const current = shown.data;
  const pick = (value: string) => {
    combobox.closeDropdown();
    if (value === live) setScenario(null);
    else if (value === actions.new) scenarioActions.openNew();
    else if (value === actions.rename && current) scenarioActions.openRename(current);
    else if (value === actions.discard && current) scenarioActions.openDiscard(current);
    else if (value === actions.compare && shown.id !== null) void navigate(comparePath([shown.id]));
    else if (value === actions.all) void navigate(scenariosPath);
    else if (value === actions.more) void pages.fetchNextPage();
    else setScenario(Number(value));
  };
  const label = shown.id === null ? t('switcher.live') : t('switcher.shown', { name: current?.name ?? '…' });
  const disabledReason = asOf !== null ? t('switcher.notWithAsOf') : null;

  return (
    <>
      <Combobox store={combobox} width={300} position="bottom-end" withArrow onOptionSubmit={pick}>
        <Tooltip label={disabledReason} disabled={disabledReason === null}>
          {/* a disabled button gets no pointer events: the wrapper shows the tooltip */}
          <Box component="span" display="inline-block" style={{ flexShrink: 0 }}>
            <Combobox.Target withAriaAttributes={false}>
              <Button
                size="xs"
                variant={shown.id === null ? 'default' : 'filled'}
                color={shown.id === null ? undefined : 'grape'}
                leftSection={<IconGitBranch size={16} />}
                onClick={() => combobox.toggleDropdown()}
                disabled={disabledReason !== null}
                aria-haspopup="listbox"
                aria-expanded={combobox.dropdownOpened}
                aria-description={disabledReason ?? undefined}
                data-testid="scenario-switcher"
              >
                {label}
              </Button>
            </Combobox.Target>
          </Box>
        </Tooltip>
        {/* the search and options exist only while open: a closed switcher adds no "Search" field to the page */}
        <Combobox.Dropdown>
          {combobox.dropdownOpened && (
            <>
              <Combobox.Search
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                placeholder={t('switcher.search')}
                aria-label={t('switcher.search')}
              />
              <Combobox.Options aria-label={t('switcher.label')} mah={320} style={{ overflowY: 'auto' }}>
                <Combobox.Option value={live} active={shown.id === null}>
                  {t('switcher.livePlan')}
                </Combobox.Option>
                <Combobox.Group label={t('switcher.scenarios')}>
                  {scenarios.map((scenario) => (
                    <Combobox.Option
                      key={scenario.id}
                      value={String(scenario.id)}
                      active={scenario.id === shown.id}
                    >
                      {scenario.name}
                    </Combobox.Option>
                  ))}
                  {pages.isError && <Combobox.Empty>{t('switcher.failed')}</Combobox.Empty>}
                  {!pages.isError && scenarios.length === 0 && (
                    <Combobox.Empty>
                      {pages.isLoading ? t('switcher.loading') : t('switcher.none')}
                    </Combobox.Empty>
                  )}
                  {pages.hasNextPage && (
                    <Combobox.Option value={actions.more}>
                      <Text size="sm" c="dimmed">
                        {t('switcher.more')}
                      </Text>
                    </Combobox.Option>
                  )}
                </Combobox.Group>
                <Combobox.Group label={t('switcher.actions')}>
                  {canCreate && <Combobox.Option value={actions.new}>{t('switcher.new')}</Combobox.Option>}
                  {current && canEdit && (
                    <Combobox.Option value={actions.rename}>
                      {t('switcher.rename', { name: current.name })}
                    </Combobox.Option>
                  )}
                  {current && canEdit && (
                    <Combobox.Option value={actions.discard}>
                      {t('switcher.discard', { name: current.name })}
                    </Combobox.Option>
                  )}
                  {current && (
                    <Combobox.Option value={actions.compare}>{t('switcher.compare')}</Combobox.Option>
                  )}
                  <Combobox.Option value={actions.all}>{t('switcher.all')}</Combobox.Option>
                </Combobox.Group>
              </Combobox.Options>
            </>
          )}
        </Combobox.Dropdown>
      </Combobox>
      {scenarioActions.dialog}
    </>
  );
}
