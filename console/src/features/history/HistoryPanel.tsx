import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canViewHistory } from '../session/asOf';
import type { MeView } from '@fahrplan/contracts';
import { HistoryTab } from './HistoryTab';
import type { HistoryRecordCategory } from './historyApi';

/**
 * A saved record's History tab shows to users with `history` VIEW (a new record has no history yet);
 * of another tenant's shared records only the project's own (issue 19: its items' stay the owner's).
 */
export const showsHistory = (
  me: MeView,
  id: number | null,
  category: HistoryRecordCategory,
  shared = false,
): id is number => id !== null && canViewHistory(me) && (!shared || category === 'group');

/** The History tab of a record editor's tab list (EditorDialog puts it last). */
export const useHistoryTabs = (
  me: MeView,
  id: number | null,
  category: HistoryRecordCategory,
  shared = false,
) => {
  const { t } = useTranslation('history');
  return showsHistory(me, id, category, shared) ? ([['history', t('tab.title')]] as const) : [];
};

/** The History tab's panel, inside the editor's Tabs; nothing when the tab does not show. */
export function HistoryPanel({
  category,
  id,
  me,
  leave,
  saving,
  shared = false,
}: {
  category: HistoryRecordCategory;
  id: number | null;
  me: MeView;
  /** Another tenant's record, shared with this one: read as the share shows it, without exports. */
  shared?: boolean;
  /** The dialog's leave guard and save state (useEditorSave). */
  leave: (then: () => void) => void;
  saving: boolean;
}) {
  if (!showsHistory(me, id, category, shared)) return null;
  return (
    <Tabs.Panel value="history">
      <HistoryTab category={category} id={id} leave={leave} saving={saving} shared={shared} />
    </Tabs.Panel>
  );
}
