import { useNavigate } from 'react-router';
import type { GroupDetailsView } from '@fahrplan/contracts';
import { DetailsRoute } from '../../record-dialog/DetailsRoute';
import { ProjectDialog, useProjectLoadFailureMessage } from './ProjectDialog';
import { useGetProjectQuery } from './projectDetailsApi';

/** The full-page route project-details/:id (§2): by id or title; a subproject opens on its own route. */
export function ProjectDetailsPage() {
  const navigate = useNavigate();
  const failureMessage = useProjectLoadFailureMessage();
  return (
    <DetailsRoute<GroupDetailsView>
      resource="group-details"
      what="project"
      useRecord={useGetProjectQuery}
      failureMessage={failureMessage}
      render={(group, goHome) => (
        <ProjectDialog
          key={group.id}
          projectId={group.id}
          onClose={goHome}
          onOpenProject={(other) => void navigate(`/project-details/${other}`)}
        />
      )}
    />
  );
}
