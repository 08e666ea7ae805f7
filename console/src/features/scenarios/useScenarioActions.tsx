import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScenarioView } from '@fahrplan/contracts';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { notifySuccess } from '../common/notify';
import { ScenarioDialog } from './ScenarioDialog';
import { useDiscardScenarioMutation } from './scenariosApi';
import { useScenario, useSetScenario } from './useScenario';

type Open = { kind: 'new' } | { kind: 'rename' | 'discard'; scenario: ScenarioView } | null;

/**
 * New, rename and discard of scenarios, wherever they are offered (the switcher, the banner, the
 * Scenarios page): the openers and the one dialog open. A new scenario is opened at once; discarding
 * the scenario shown returns to the live plan.
 */
export function useScenarioActions() {
  const { t } = useTranslation('scenarios');
  const [open, setOpen] = useState<Open>(null);
  const [discard] = useDiscardScenarioMutation();
  const shown = useScenario();
  const setScenario = useSetScenario();
  const close = () => setOpen(null);

  const dialog =
    open === null ? null : open.kind === 'discard' ? (
      <ConfirmDelete
        opened
        title={t('discard.title', { name: open.scenario.name })}
        confirmLabel={t('discard.confirm')}
        consequences={t('discard.consequences')}
        onConfirm={async () => {
          const { id, version, name } = open.scenario;
          await discard({ data: { id, version }, idempotencyKey: crypto.randomUUID() }).unwrap();
          notifySuccess(t('discard.done', { name }));
          if (shown === id) setScenario(null);
        }}
        onClose={close}
      />
    ) : (
      <ScenarioDialog
        scenario={open.kind === 'rename' ? open.scenario : undefined}
        onClose={close}
        onCreated={(id) => setScenario(id)}
      />
    );

  return {
    openNew: () => setOpen({ kind: 'new' }),
    openRename: (scenario: ScenarioView) => setOpen({ kind: 'rename', scenario }),
    openDiscard: (scenario: ScenarioView) => setOpen({ kind: 'discard', scenario }),
    dialog,
  };
}
