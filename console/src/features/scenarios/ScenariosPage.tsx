import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Table } from '@mantine/core';
import { IconGitBranch, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScenarioView } from '@fahrplan/contracts';
import { pageItems } from '../api/pages';
import { useCan } from '../auth/permissions';
import { useAsOf } from '../as-of/useAsOf';
import { PagedTable } from '../common/PagedTable';
import { NewButton, SectionHeader } from '../common/SectionHeader';
import { formatDateTime } from '../common/dateTime';
import { comparePath, maxCompared } from './scenarioPaths';
import { useGetScenarioPagesInfiniteQuery } from './scenariosApi';
import { useScenarioActions } from './useScenarioActions';
import { useSetScenario } from './useScenario';

function ScenarioRow({
  scenario,
  checked,
  canCheck,
  onCheck,
  actions,
}: {
  scenario: ScenarioView;
  checked: boolean;
  canCheck: boolean;
  onCheck: (checked: boolean) => void;
  actions: ReturnType<typeof useScenarioActions>;
}) {
  const { t } = useTranslation('scenarios');
  const canEdit = useCan('scenarios', 'EDIT');
  const asOf = useAsOf();
  const setScenario = useSetScenario();
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          checked={checked}
          disabled={!checked && !canCheck}
          onChange={(event) => onCheck(event.currentTarget.checked)}
          aria-label={t('list.choose', { name: scenario.name })}
        />
      </Table.Td>
      <Table.Td fw={600}>{scenario.name}</Table.Td>
      <Table.Td>{scenario.description}</Table.Td>
      <Table.Td>{formatDateTime(scenario.from)}</Table.Td>
      <Table.Td>{scenario.createdBy}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconGitBranch size={14} />}
            onClick={() => setScenario(scenario.id)}
            disabled={asOf !== null}
            aria-label={t('list.openLabel', { name: scenario.name })}
          >
            {t('list.open')}
          </Button>
          {canEdit &&
            [
              {
                label: t('list.rename'),
                name: t('list.renameLabel', { name: scenario.name }),
                open: actions.openRename,
              },
              {
                label: t('list.discard'),
                name: t('list.discardLabel', { name: scenario.name }),
                open: actions.openDiscard,
                color: 'red',
              },
            ].map(({ label, name, open, color }) => (
              <Button
                key={label}
                size="xs"
                variant="default"
                color={color}
                onClick={() => open(scenario)}
                aria-label={name}
              >
                {label}
              </Button>
            ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The Scenarios page (issue 22): the tenant's open scenarios, the latest first, a page at a time; open,
 * rename or discard one, branch a new one, or choose up to three to compare with the live plan.
 */
export function ScenariosPage() {
  const { t } = useTranslation('scenarios');
  const canCreate = useCan('scenarios', 'CREATE');
  const query = useGetScenarioPagesInfiniteQuery();
  const scenarios = pageItems(query.data);
  const actions = useScenarioActions();
  const [chosen, setChosen] = useState<number[]>([]);

  return (
    <Stack gap="lg">
      <SectionHeader title={t('list.title')} level={1} intro={t('list.intro')}>
        <Group gap="xs">
          <Button
            component={Link}
            to={comparePath(chosen)}
            variant="default"
            leftSection={<IconScale size={16} />}
            aria-disabled={chosen.length === 0}
            // a link has no disabled attribute: Mantine draws it disabled by data-disabled
            data-disabled={chosen.length === 0 || undefined}
            onClick={(event) => chosen.length === 0 && event.preventDefault()}
          >
            {t('list.compare', { chosen: chosen.length })}
          </Button>
          {canCreate && <NewButton label={t('list.new')} onClick={actions.openNew} />}
        </Group>
      </SectionHeader>
      <PagedTable
        query={query}
        count={scenarios.length}
        label={t('list.label')}
        cells={[
          { label: t('list.compareColumn'), unlabelled: true },
          t('list.name'),
          t('list.description'),
          t('list.from'),
          t('list.createdBy'),
          {},
        ]}
        failed={t('list.failed')}
        loading={t('list.loading')}
        empty={{ icon: IconGitBranch, text: t('list.empty') }}
        more={t('list.more')}
      >
        {scenarios.map((scenario) => (
          <ScenarioRow
            key={scenario.id}
            scenario={scenario}
            checked={chosen.includes(scenario.id)}
            canCheck={chosen.length < maxCompared}
            onCheck={(checked) =>
              setChosen((current) =>
                checked ? [...current, scenario.id] : current.filter((id) => id !== scenario.id),
              )
            }
            actions={actions}
          />
        ))}
      </PagedTable>
      {actions.dialog}
    </Stack>
  );
}
