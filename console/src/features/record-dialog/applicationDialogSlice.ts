import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The root events of §2: show-application (by id) and new-application (optional parent). */
export type ApplicationDialogState =
  | { readonly mode: 'closed' }
  | { readonly mode: 'show'; readonly id: number }
  | { readonly mode: 'new'; readonly parent: number | null };

export const applicationDialogSlice = createSlice({
  name: 'applicationDialog',
  initialState: { mode: 'closed' } as ApplicationDialogState,
  reducers: {
    showApplication: (_state, action: PayloadAction<number>): ApplicationDialogState => ({
      mode: 'show',
      id: action.payload,
    }),
    newApplication: (_state, action: PayloadAction<number | null>): ApplicationDialogState => ({
      mode: 'new',
      parent: action.payload,
    }),
    applicationDialogClosed: (): ApplicationDialogState => ({ mode: 'closed' }),
  },
  selectors: { selectApplicationDialog: (state) => state },
});

export const { showApplication, newApplication, applicationDialogClosed } = applicationDialogSlice.actions;
export const { selectApplicationDialog } = applicationDialogSlice.selectors;
