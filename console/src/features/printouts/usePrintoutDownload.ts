import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify, notifyError } from '../common/notify';
import { describeError } from '../common/problem';
import { saveBlob } from '../common/saveBlob';
import type { PrintoutRequest } from './printoutsApi';
import { useDownloadPrintoutMutation } from './printoutsApi';

/**
 * Downloads a printout and saves it as a file: which one is rendering (for the buttons' progress),
 * a notice while the server renders and when the file is saved, the server's reason when it fails.
 */
export function usePrintoutDownload<K extends string>() {
  const { t } = useTranslation('printouts');
  const [download] = useDownloadPrintoutMutation();
  const [running, setRunning] = useState<K | null>(null);

  const run = async (key: K, request: PrintoutRequest, fileName: string) => {
    setRunning(key);
    notify({ id: 'printout', message: t('rendering', { name: fileName }) });
    try {
      const blob = await download(request).unwrap();
      saveBlob(blob, fileName);
      notify({ id: 'printout', message: t('saved', { name: fileName }), color: 'green' });
    } catch (error) {
      notifyError(t('failed', { name: fileName, reason: describeError(error) }));
    } finally {
      setRunning(null);
    }
  };
  return { running, run };
}
