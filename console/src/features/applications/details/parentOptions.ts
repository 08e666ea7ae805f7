import type { ApplicationView } from '@fahrplan/contracts';
import { noRecord } from '../../common/RecordPicker';

/** The parent pickers' option for no parent. */
export const notAssigned = noRecord;

/** An application's label: its name, followed by its release when it has one. */
export const applicationLabel = (app: Pick<ApplicationView, 'name' | 'release'>) =>
  app.release ? `${app.name} ${app.release}` : app.name;
