import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SheetFormat, SheetKind } from '@fahrplan/contracts';
import { describeError } from '../common/problem';
import { notify } from '../common/notify';
import { saveObjectUrl } from '../common/saveBlob';
import { useExportSheetMutation } from './sheetExportApi';
import type { ExportFilter } from './sheetExport';

/**
 * Issue 23: "Export" on a list screen, Excel or CSV, of the list as the screen filters it (`filter`:
 * the screen's own query arguments). Busy while the file downloads; a failure is a notification.
 */
export function ExportMenu({ kind, filter }: { kind: SheetKind; filter: ExportFilter }) {
  const { t, i18n } = useTranslation('sheet-export');
  const [exportSheet] = useExportSheetMutation();
  const [running, setRunning] = useState<SheetFormat | null>(null);

  const download = async (format: SheetFormat) => {
    setRunning(format);
    try {
      const file = await exportSheet({ kind, format, filter, language: i18n.language }).unwrap();
      saveObjectUrl(file.url, file.name);
    } catch (e) {
      notify({ title: t('failed'), message: describeError(e), color: 'red', urgent: true });
    } finally {
      setRunning(null);
    }
  };

  return (
    // without Mantine's focus placeholder: a role=presentation child of role=menu fails axe
    // (aria-required-children); the first item takes the focus instead
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={running !== null}
        >
          {t('button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={() => void download('xlsx')}
        >
          {t('xlsx')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={16} aria-hidden />} onClick={() => void download('csv')}>
          {t('csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
