import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/**
 * A record dialog's root events (§2): closed, showing a record by id, or a new record with what it
 * preselects (a new application's parent, a new project's application).
 */
export type RecordDialogState =
  | { readonly mode: 'closed' }
  | { readonly mode: 'show'; readonly id: number }
  | { readonly mode: 'new'; readonly preselected: number | null };

const recordDialogSlice = <Name extends string>(name: Name) =>
  createSlice({
    name,
    initialState: { mode: 'closed' } as RecordDialogState,
    reducers: {
      show: (_state, action: PayloadAction<number>): RecordDialogState => ({
        mode: 'show',
        id: action.payload,
      }),
      create: (_state, action: PayloadAction<number | null>): RecordDialogState => ({
        mode: 'new',
        preselected: action.payload,
      }),
      closed: (): RecordDialogState => ({ mode: 'closed' }),
    },
    selectors: { selectDialog: (state) => state },
  });

/** show-application and new-application (with its parent preselected). */
export const applicationDialogSlice = recordDialogSlice('applicationDialog');
export const {
  show: showApplication,
  create: newApplication,
  closed: applicationDialogClosed,
} = applicationDialogSlice.actions;
export const { selectDialog: selectApplicationDialog } = applicationDialogSlice.selectors;

/** show-project and new-project (with its application preselected). */
export const projectDialogSlice = recordDialogSlice('projectDialog');
export const {
  show: showProject,
  create: newProject,
  closed: projectDialogClosed,
} = projectDialogSlice.actions;
export const { selectDialog: selectProjectDialog } = projectDialogSlice.selectors;
