import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from './sessionSlice';
import { asOfOf } from './asOf';

export interface AsOfState {
  /** The instant the console shows (ISO, UTC), or null for now. Mirrors the URL's `asOf`. */
  at: string | null;
  /**
   * Open editors with unsaved changes or a running save: moving in time would remount them (their
   * edits lost, a save flow's later steps refused), so the header's As of control waits.
   */
  busyEditors: number;
}

/** A bookmarked as-of URL is as of its date from the very first request, before any effect runs. */
const initialAt = (): string | null =>
  typeof window === 'undefined' ? null : asOfOf(new URLSearchParams(window.location.search));

export const asOfSlice = createSlice({
  name: 'asOf',
  initialState: (): AsOfState => ({ at: initialAt(), busyEditors: 0 }),
  reducers: {
    asOfChanged(state, action: PayloadAction<string | null>) {
      state.at = action.payload;
    },
    editorBusy(state) {
      state.busyEditors += 1;
    },
    editorIdle(state) {
      state.busyEditors = Math.max(0, state.busyEditors - 1);
    },
  },
  // the next user starts at now
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state) => {
      state.at = null;
    });
  },
  selectors: {
    selectAsOf: (state) => state.at,
    selectEditorsBusy: (state) => state.busyEditors > 0,
  },
});

export const { asOfChanged, editorBusy, editorIdle } = asOfSlice.actions;
export const { selectAsOf, selectEditorsBusy } = asOfSlice.selectors;
