import type { ApplicationView } from '@fahrplan/contracts';
import { recordPickers } from '../common/RecordPicker';
import { useGetApplicationsQuery } from './applicationsApi';
import type { ApplicationQuery } from './applicationsApi';
import { applicationLabel } from './details/parentOptions';

/** Pickers of applications: searched on the server as the user types, the chosen ones by id. */
export const {
  Picker: ApplicationPicker,
  MultiPicker: ApplicationsPicker,
  Names: ApplicationNames,
  useSearch: useApplicationSearch,
} = recordPickers<ApplicationView, ApplicationQuery>(useGetApplicationsQuery, {
  label: applicationLabel,
  unknown: (id) => `#${id}`,
});
