import { useState } from 'react';
import { useHotkeys } from '@mantine/hooks';
import type { ComponentProps, ReactNode } from 'react';
import { Box, Button, Group, Modal, Tabs } from '@mantine/core';
import { NavigationType, useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MantineSize } from '@mantine/core';
import type { MeView } from '@fahrplan/contracts';
import { useBusyEditor } from '../as-of/useAsOf';
import type { HistoryRecordCategory } from '../history/historyApi';
import { HistoryPanel, useHistoryTabs } from '../history/HistoryPanel';
import { ErrorTab } from './ErrorTab';
import { alertOutlived } from './fieldErrors';
import { LeaveConfirm } from './LeaveConfirm';
import type { RecordSubject } from './LeaveConfirm';
import { SaveAlert } from './SaveAlert';
import { hotkeyOf } from '../shortcuts/shortcuts';

/** Dialog chrome the record editors (application, project, item) share. */

/** The dialog's tabs as [value, label]; `false` leaves a tab out (e.g. Finance without financial planning). */
function ErrorTabList({
  tabs,
  errorTabs,
}: {
  tabs: readonly (readonly [value: string, label: string] | false)[];
  errorTabs: ReadonlySet<string>;
}) {
  return (
    <Tabs.List mb="md">
      {tabs.map(
        (tab) =>
          tab && <ErrorTab key={tab[0]} value={tab[0]} label={tab[1]} hasError={errorTabs.has(tab[0])} />,
      )}
    </Tabs.List>
  );
}

interface FooterProps {
  /** The last save's failure, null when there is none. */
  error: unknown;
  saveAlert: Omit<ComponentProps<typeof SaveAlert>, 'error'>;
  /** Left-aligned actions (e.g. Delete); Close and Save stay right. */
  leading?: ReactNode;
  editable: boolean;
  saving: boolean;
  canSave: boolean;
  onClose: () => void;
  onSave: () => void;
}

/**
 * A dialog's footer: the alert of a failure (when given), then left-aligned `leading` actions, Close
 * and `children` (the submit button) on the right. The editors and the administration dialogs share it.
 */
export function DialogFooter({
  alert,
  leading,
  busy,
  onClose,
  children,
}: {
  /** The failure's alert; false when there is none. */
  alert: ReactNode;
  leading?: ReactNode;
  /** Close is off while a command runs. */
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('record-dialog');
  return (
    <>
      {alert && <Box mt="md">{alert}</Box>}
      <Group justify="flex-end" mt="lg">
        {leading !== undefined && (
          <>
            {leading}
            <Box style={{ flex: 1 }} />
          </>
        )}
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('close')}
        </Button>
        {children}
      </Group>
    </>
  );
}

/** A failed save's alert, then Close and (when editable) Save. */
function EditorFooter({
  error,
  saveAlert,
  leading,
  editable,
  saving,
  canSave,
  onClose,
  onSave,
}: FooterProps) {
  const { t } = useTranslation('record-dialog');
  return (
    <DialogFooter
      alert={error !== null && <SaveAlert error={error} {...saveAlert} />}
      leading={leading}
      busy={saving}
      onClose={onClose}
    >
      {editable && (
        <Button onClick={onSave} disabled={!canSave} loading={saving}>
          {t('save')}
        </Button>
      )}
    </DialogFooter>
  );
}

interface DialogProps {
  /** The dialog's Modal.Stack id. */
  stackId: string;
  title: ReactNode;
  size: MantineSize | number;
  /** The close button and Escape. */
  onClose: () => void;
  /** The record's own tabs: after Overview and Details, before Finance and Comments, which every record has. */
  tabs: readonly (readonly [value: string, label: string])[];
  /** Financial planning is on: the Finance tab shows. */
  finance: boolean;
  /** The record's History tab (last, for users with history VIEW and a saved record). */
  history: {
    category: HistoryRecordCategory;
    id: number | null;
    me: MeView;
    leave: (then: () => void) => void;
    /** Another tenant's record, shared with this one. */
    shared?: boolean;
  };
  errorTabs: ReadonlySet<string>;
  /** The footer's Close runs `onClose` too. */
  footer: Omit<FooterProps, 'onClose'>;
  /** The leave confirmation (useLeaveGuard), stacked above the dialog. */
  confirm: ReactNode;
  /** Shown above the tabs, e.g. "Compare with now" while viewing as of a date. */
  notice?: ReactNode;
  /** The Tabs.Panel of each tab; a panel mounts when its tab is first shown. */
  children: ReactNode;
}

/** A record editor's dialog: tabs with error markers (Overview first), their panels, the footer. */
export function EditorDialog({
  stackId,
  title,
  size,
  onClose,
  tabs,
  finance,
  history,
  errorTabs,
  footer,
  confirm,
  notice,
  children,
}: DialogProps) {
  const { t } = useTranslation('record-dialog');
  const [tab, setTab] = useState<string | null>('overview');
  return (
    <Modal.Stack>
      <Modal
        stackId={stackId}
        opened
        onClose={onClose}
        title={title}
        size={size}
        closeButtonProps={{ 'aria-label': t('closeDialog') }}
      >
        {notice}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <ErrorTabList
            tabs={[
              ['overview', t('tabs.overview')],
              ['details', t('tabs.details')],
              ...tabs,
              finance && ['finance', t('tabs.finance')],
              ['comments', t('tabs.comments')],
              ...useHistoryTabs(history.me, history.id, history.category, history.shared),
            ]}
            errorTabs={errorTabs}
          />
          {children}
          <HistoryPanel {...history} saving={footer.saving} />
        </Tabs>
        <EditorFooter {...footer} onClose={onClose} />
      </Modal>
      {confirm}
    </Modal.Stack>
  );
}

/**
 * §2 "Closing with unsaved changes asks for confirmation": `leave(then)` runs `then` at once, or after
 * the user confirms when there are unsaved changes; nothing while saving. Browser Back or Forward, which
 * would close the dialog kept in the URL, asks the same (the router's blocker: Keep editing puts the
 * URL back). Render `confirm` in the dialog's Modal.Stack.
 */
export function useLeaveGuard({
  saving,
  dirty,
  subject,
}: {
  saving: boolean;
  dirty: boolean;
  subject?: RecordSubject;
}) {
  /** The confirmation is open; what to do when the user leaves. */
  const [pending, setPending] = useState<(() => void) | null>(null);
  useBusyEditor(saving || dirty);
  const history = useBlocker(({ historyAction }) => historyAction === NavigationType.Pop && dirty && !saving);
  const backBlocked = history.state === 'blocked';
  const leave = (then: () => void) => {
    if (saving) return;
    if (dirty) setPending(() => then);
    else then();
  };
  const confirm = (
    <LeaveConfirm
      subject={subject}
      opened={pending !== null || backBlocked}
      onStay={() => {
        setPending(null);
        if (backBlocked) history.reset();
      }}
      onLeave={() => {
        if (backBlocked) return history.proceed();
        const then = pending;
        setPending(null);
        then?.();
      }}
    />
  );
  return { leaving: pending !== null || backBlocked, leave, confirm };
}

interface EditorSaveOptions {
  /** The editor's form: Save validates it first, and is offered only while it is valid. */
  form: {
    validate: () => { hasErrors: boolean };
    isValid: () => boolean;
    errors: Record<string, unknown>;
  };
  editable: boolean;
  /** The form differs from what is saved. */
  changed: boolean;
  /** Unsaved changes the leave guard asks about; `editable && changed` unless given. */
  dirty?: boolean;
  /** What the dialog edits, for the leave confirmation and the save alert. */
  subject?: RecordSubject;
  /** The record's save flow; `done(step)` records a step that succeeded, which a later failure lists. */
  save: (done: (step: string) => void) => Promise<void>;
  /**
   * A failed save, after its alert shows: e.g. the field errors onto the form. Returns the form paths
   * it marked; once none of them has an error left, the alert goes.
   */
  onSaveError: (error: unknown) => readonly string[] | void;
  /** After a 409: loads the current version into the form; null while there is no saved record. */
  reload: (() => Promise<void>) | null;
  reloading: boolean;
}

/**
 * A record editor's save and reload around its own flows: Save and Ctrl+S run `save` when the form is
 * editable, changed and valid; a failure shows in the footer's alert; a reload that succeeds clears it;
 * closing asks first when there are unsaved changes. Spread `footer` into EditorDialog's footer.
 */
export function useEditorSave({
  form,
  editable,
  changed,
  dirty = editable && changed,
  subject,
  save,
  onSaveError,
  reload,
  reloading,
}: EditorSaveOptions) {
  const [error, setError] = useState<unknown>(null);
  /** The form paths the last failure marked. */
  const [marked, setMarked] = useState<readonly string[]>([]);
  const [done, setDone] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const runSave = async () => {
    if (!editable || saving || !changed || form.validate().hasErrors) return;
    setSaving(true);
    setError(null);
    setMarked([]);
    try {
      await save((step) => setDone((list) => [...list, step]));
    } catch (e) {
      setError(e);
      setMarked(onSaveError(e) ?? []);
    } finally {
      setSaving(false);
    }
  };

  const runReload = async () => {
    if (!reload) return;
    try {
      await reload();
      setError(null);
    } catch (e) {
      setError(e);
    }
  };

  const { leaving, leave, confirm } = useLeaveGuard({ saving, dirty, subject });
  useHotkeys([[hotkeyOf('save'), () => void (leaving ? undefined : runSave())]], []);

  const footer = {
    error: alertOutlived(marked, form.errors) ? null : error,
    saveAlert: { onReload: () => void runReload(), reloading, subject, done },
    editable,
    saving,
    canSave: editable && changed && !saving && form.isValid(),
    onSave: () => void runSave(),
  };
  return { saving, leave, confirm, footer };
}
