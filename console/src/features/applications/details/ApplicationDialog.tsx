import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { useAppSelector } from '../../../app/hooks';
import { selectMe } from '../../session/selectMe';
import { useGetApplicationQuery } from '../applicationsApi';
import { ApplicationEditor } from './ApplicationEditor';
import { useDialogRecord } from '../../record-dialog/useDialogRecord';
import { LoadingDialog } from '../../record-dialog/LoadingDialog';
import { loadFailureText } from '../../record-dialog/loadFailure';
import { useReturnFocus } from '../../common/useReturnFocus';

interface Props {
  /** An existing application's id, or null for a new application. */
  applicationId: number | null;
  parent?: number | null;
  onClose: () => void;
}

/** §8: what a failed load tells the user. */
export const loadFailureMessage = (error: unknown) => {
  // screens outside this folder take it as a plain (error) => string: it speaks the language shown now
  const t = i18n.getFixedT(null, 'applications');
  return loadFailureText(error, { notFound: t('dialog.notFound'), notPermitted: t('dialog.notPermitted') });
};

/** The application details dialog (§2): loads the application, then hands it to the editor. */
export function ApplicationDialog({ applicationId, parent = null, onClose }: Props) {
  const { t } = useTranslation('applications');
  useReturnFocus();
  const me = useAppSelector(selectMe);
  const loaded = useDialogRecord(useGetApplicationQuery, applicationId, loadFailureMessage, onClose);

  if (!me) return null;
  if (applicationId !== null && !loaded) {
    return <LoadingDialog title={t('dialog.show')} loading={t('dialog.loading')} onClose={onClose} />;
  }
  return <ApplicationEditor app={loaded} parent={parent} me={me} onClose={onClose} />;
}
