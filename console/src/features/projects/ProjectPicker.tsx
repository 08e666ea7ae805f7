import type { GroupView } from '@fahrplan/contracts';
import { recordPickers } from '../common/RecordPicker';
import { spoken } from '../i18n/spoken';
import { useGetProjectsQuery } from './projectsApi';
import type { ProjectQuery } from './projectsApi';

/** Pickers of projects: searched on the server as the user types, the chosen ones by id. */
export const {
  Picker: ProjectPicker,
  MultiPicker: ProjectsPicker,
  Names: ProjectNames,
  useRecords: useProjects,
  useSearch: useProjectSearch,
} = recordPickers<GroupView, ProjectQuery>(useGetProjectsQuery, {
  label: (project) => project.title,
  // picked at run time: in the language shown (English without one set up)
  unknown: (id) => spoken((t) => t('projects:details.missingProject', { id }), `missing project #${id}`),
});
