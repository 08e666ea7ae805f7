import type { UseFormReturnType } from '@mantine/form';
import type { ProjectFormValues } from './projectForm';

export type ProjectForm = UseFormReturnType<ProjectFormValues>;

export interface ProjectTabProps {
  form: ProjectForm;
  editable: boolean;
}
