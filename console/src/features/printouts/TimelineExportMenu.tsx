import { Menu } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { timelineFileName, timelineFormats, timelinePrintout } from './printoutRequests';
import type { TimelineFormat, TimelineShown } from './printoutRequests';
import { usePrintoutDownload } from './usePrintoutDownload';
import { MenuButton } from '../common/MenuButton';

/**
 * The timeline's Export menu (issue 23): PDF on A4 or A3 landscape, or a PNG, of exactly what the
 * screen shows; the server draws it from the same query. While one renders the button shows progress.
 */
export function TimelineExportMenu({ shown }: { shown: TimelineShown }) {
  const { t } = useTranslation('printouts');
  const { running, run } = usePrintoutDownload<TimelineFormat>();
  const labels: Record<TimelineFormat, string> = {
    'pdf-a4': t('timeline.pdfA4'),
    'pdf-a3': t('timeline.pdfA3'),
    png: t('timeline.png'),
  };
  return (
    <MenuButton
      variant="default"
      leftSection={<IconDownload size={14} />}
      loading={running !== null}
      data-testid="timeline-export"
      items={timelineFormats.map((format) => (
        <Menu.Item
          key={format}
          leftSection={format === 'png' ? <IconPhoto size={14} /> : <IconFileTypePdf size={14} />}
          onClick={() => void run(format, timelinePrintout(shown, format), timelineFileName(shown, format))}
        >
          {labels[format]}
        </Menu.Item>
      ))}
    >
      {t('timeline.export')}
    </MenuButton>
  );
}
