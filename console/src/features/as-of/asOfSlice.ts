import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { asOfOf } from './asOf';

export interface AsOfState {
  /** The instant the console shows (ISO, UTC), or null for now. Mirrors the URL's `asOf`. */
  at: string | null;
}

/** A bookmarked as-of URL is as of its date from the very first request, before any effect runs. */
const initialAt = (): string | null =>
  typeof window === 'undefined' ? null : asOfOf(new URLSearchParams(window.location.search));

export const asOfSlice = createSlice({
  name: 'asOf',
  initialState: (): AsOfState => ({ at: initialAt() }),
  reducers: {
    asOfChanged(state, action: PayloadAction<string | null>) {
      state.at = action.payload;
    },
  },
  selectors: { selectAsOf: (state) => state.at },
});

export const { asOfChanged } = asOfSlice.actions;
export const { selectAsOf } = asOfSlice.selectors;
