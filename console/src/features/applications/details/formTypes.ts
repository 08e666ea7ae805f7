import type { UseFormReturnType } from '@mantine/form';
import type { ApplicationFormValues } from './applicationForm';

export type ApplicationForm = UseFormReturnType<ApplicationFormValues>;

export interface TabProps {
  form: ApplicationForm;
  editable: boolean;
}
