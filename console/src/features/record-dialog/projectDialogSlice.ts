import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The root events of §2: show a group by id, or create one with an optional preselected application. */
export type ProjectDialogState =
  | { readonly mode: 'closed' }
  | { readonly mode: 'show'; readonly id: number }
  | { readonly mode: 'new'; readonly application: number | null };

export const projectDialogSlice = createSlice({
  name: 'projectDialog',
  initialState: { mode: 'closed' } as ProjectDialogState,
  reducers: {
    showProject: (_state, action: PayloadAction<number>): ProjectDialogState => ({
      mode: 'show',
      id: action.payload,
    }),
    newProject: (_state, action: PayloadAction<number | null>): ProjectDialogState => ({
      mode: 'new',
      application: action.payload,
    }),
    projectDialogClosed: (): ProjectDialogState => ({ mode: 'closed' }),
  },
  selectors: { selectProjectDialog: (state) => state },
});

export const { showProject, newProject, projectDialogClosed } = projectDialogSlice.actions;
export const { selectProjectDialog } = projectDialogSlice.selectors;
