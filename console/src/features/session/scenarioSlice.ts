import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from './sessionSlice';
import { scenarioOf } from './scenario';

export interface ScenarioState {
  /** The scenario the console shows, or null for the live plan. Mirrors the URL's `scenario`. */
  id: number | null;
}

/** A link into a scenario is in it from the very first request, before any effect runs. */
const initialId = (): number | null =>
  typeof window === 'undefined' ? null : scenarioOf(new URLSearchParams(window.location.search));

export const scenarioSlice = createSlice({
  name: 'scenario',
  initialState: (): ScenarioState => ({ id: initialId() }),
  reducers: {
    scenarioChanged(state, action: PayloadAction<number | null>) {
      state.id = action.payload;
    },
  },
  // the next user starts on the live plan
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state) => {
      state.id = null;
    });
  },
  selectors: {
    selectScenario: (state) => state.id,
  },
});

export const { scenarioChanged } = scenarioSlice.actions;
export const { selectScenario } = scenarioSlice.selectors;
