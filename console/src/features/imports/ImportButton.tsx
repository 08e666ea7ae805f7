import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportableSheetKind } from '@fahrplan/contracts';
import { useCan } from '../auth/permissions';
import { ImportDialog } from './ImportDialog';

const resourceOf = {
  applications: 'application-details',
  projects: 'group-details',
  items: 'items',
} as const;

/** Issue 23: "Import" beside a list: a .xlsx or CSV file previewed, then applied row by row. */
export function ImportButton({ kind }: { kind: ImportableSheetKind }) {
  const { t } = useTranslation('imports');
  const canCreate = useCan(resourceOf[kind], 'CREATE');
  const canEdit = useCan(resourceOf[kind], 'EDIT');
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const titles = {
    applications: t('title.applications'),
    projects: t('title.projects'),
    items: t('title.items'),
  };
  if (!canCreate && !canEdit) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setOpened(true)}>
        {t('open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => !busy && setOpened(false)}
        title={titles[kind]}
        size="xl"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {opened && <ImportDialog kind={kind} onBusy={setBusy} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
