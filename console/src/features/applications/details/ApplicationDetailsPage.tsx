import type { ApplicationView } from '@fahrplan/contracts';
import { useGetApplicationQuery } from '../applicationsApi';
import { ApplicationDialog, loadFailureMessage } from './ApplicationDialog';
import { DetailsRoute } from '../../record-dialog/DetailsRoute';

/** The full-page route application-details/:id (§2). */
export function ApplicationDetailsPage() {
  return (
    <DetailsRoute<ApplicationView>
      resource="application-details"
      what="application"
      useRecord={useGetApplicationQuery}
      failureMessage={loadFailureMessage}
      render={(app, goHome) => <ApplicationDialog applicationId={app.id} onClose={goHome} />}
    />
  );
}
