import { useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { Box, Button, Group, Modal, Tabs } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { ErrorTab } from './ErrorTab';
import { LeaveConfirm } from './LeaveConfirm';
import { SaveAlert } from './SaveAlert';

/** Dialog chrome the record editors (application, project) share. */

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
  return (
    <>
      {error !== null && (
        <Box mt="md">
          <SaveAlert error={error} {...saveAlert} />
        </Box>
      )}
      <Group justify="flex-end" mt="lg">
        {leading !== undefined && (
          <>
            {leading}
            <Box style={{ flex: 1 }} />
          </>
        )}
        <Button variant="default" onClick={onClose} disabled={saving}>
          Close
        </Button>
        {editable && (
          <Button onClick={onSave} disabled={!canSave} loading={saving}>
            Save
          </Button>
        )}
      </Group>
    </>
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
  errorTabs: ReadonlySet<string>;
  /** The footer's Close runs `onClose` too. */
  footer: Omit<FooterProps, 'onClose'>;
  /** The leave confirmation (useLeaveGuard), stacked above the dialog. */
  confirm: ReactNode;
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
  errorTabs,
  footer,
  confirm,
  children,
}: DialogProps) {
  const [tab, setTab] = useState<string | null>('overview');
  return (
    <Modal.Stack>
      <Modal
        stackId={stackId}
        opened
        onClose={onClose}
        title={title}
        size={size}
        closeButtonProps={{ 'aria-label': 'close dialog' }}
      >
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <ErrorTabList
            tabs={[
              ['overview', 'Overview'],
              ['details', 'Details'],
              ...tabs,
              finance && ['finance', 'Finance'],
              ['comments', 'Comments'],
            ]}
            errorTabs={errorTabs}
          />
          {children}
        </Tabs>
        <EditorFooter {...footer} onClose={onClose} />
      </Modal>
      {confirm}
    </Modal.Stack>
  );
}

/**
 * §2 "Closing with unsaved changes asks for confirmation": `leave(then)` runs `then` at once, or after
 * the user confirms when there are unsaved changes; nothing while saving. Render `confirm` in the dialog's Modal.Stack.
 */
export function useLeaveGuard({
  saving,
  dirty,
  subject,
}: {
  saving: boolean;
  dirty: boolean;
  subject?: string;
}) {
  /** The confirmation is open; what to do when the user leaves. */
  const [pending, setPending] = useState<(() => void) | null>(null);
  const leave = (then: () => void) => {
    if (saving) return;
    if (dirty) setPending(() => then);
    else then();
  };
  const confirm = (
    <LeaveConfirm
      subject={subject}
      opened={pending !== null}
      onStay={() => setPending(null)}
      onLeave={() => {
        const then = pending;
        setPending(null);
        then?.();
      }}
    />
  );
  return { leaving: pending !== null, leave, confirm };
}
