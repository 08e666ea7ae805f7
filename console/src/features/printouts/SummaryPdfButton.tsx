import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { summaryPrintout } from './printoutRequests';
import { usePrintoutDownload } from './usePrintoutDownload';

/** A project's one-page summary for the steering committee (issue 23), as a PDF the server draws. */
export function SummaryPdfButton({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation('printouts');
  const { running, run } = usePrintoutDownload<'summary'>();
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} />}
      loading={running !== null}
      onClick={() =>
        void run('summary', summaryPrintout(projectId, i18n.language), `project-${projectId}-summary.pdf`)
      }
    >
      {t('summary.button')}
    </Button>
  );
}
