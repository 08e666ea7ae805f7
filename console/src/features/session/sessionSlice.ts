import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { MeView } from '@fahrplan/contracts';

export interface LoginResult {
  accessToken: string;
  expiresIn: number;
  me: MeView;
}

export interface SessionState {
  /** 'unknown' until the first refresh on page load has answered. */
  status: 'unknown' | 'authenticated' | 'anonymous';
  /** Kept in memory only; the refresh cookie carries the session across reloads. */
  accessToken: string | null;
  me: MeView | null;
}

const initialState: SessionState = { status: 'unknown', accessToken: null, me: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn: (_state, action: PayloadAction<LoginResult>): SessionState => ({
      status: 'authenticated',
      accessToken: action.payload.accessToken,
      me: action.payload.me,
    }),
    meLoaded: (state, action: PayloadAction<MeView>): SessionState => ({ ...state, me: action.payload }),
    signedOut: (): SessionState => ({ status: 'anonymous', accessToken: null, me: null }),
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectAccessToken: (state) => state.accessToken,
    selectStoredMe: (state) => state.me,
  },
});

export const { signedIn, meLoaded, signedOut } = sessionSlice.actions;
export const { selectSessionStatus, selectAccessToken, selectStoredMe } = sessionSlice.selectors;
