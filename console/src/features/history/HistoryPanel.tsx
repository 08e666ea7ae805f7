import { Tabs } from '@mantine/core';
import { canViewHistory } from '../session/asOf';
import type { MeView } from '@fahrplan/contracts';
import { HistoryTab } from './HistoryTab';
import type { HistoryRecordCategory } from './historyApi';

/** A saved record's History tab shows to users with `history` VIEW (a new record has no history yet). */
export const showsHistory = (me: MeView, id: number | null): id is number =>
  id !== null && canViewHistory(me);

/** The History tab of a record editor's tab list (EditorDialog puts it last). */
export const historyTabs = (me: MeView, id: number | null) =>
  showsHistory(me, id) ? ([['history', 'History']] as const) : [];

/** The History tab's panel, inside the editor's Tabs; nothing when the tab does not show. */
export function HistoryPanel({
  category,
  id,
  me,
  leave,
  saving,
}: {
  category: HistoryRecordCategory;
  id: number | null;
  me: MeView;
  /** The dialog's leave guard and save state (useEditorSave). */
  leave: (then: () => void) => void;
  saving: boolean;
}) {
  if (!showsHistory(me, id)) return null;
  return (
    <Tabs.Panel value="history">
      <HistoryTab category={category} id={id} leave={leave} saving={saving} />
    </Tabs.Panel>
  );
}
