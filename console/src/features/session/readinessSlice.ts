import { createSlice } from '@reduxjs/toolkit';

/**
 * How many queries the server refused because its read models were catching up (a restart while the
 * console was open): each one makes the readiness gate ask `/api/ready` again.
 */
export const readinessSlice = createSlice({
  name: 'readiness',
  initialState: { catchingUpAnswers: 0 },
  reducers: {
    catchingUpAnswered(state) {
      state.catchingUpAnswers += 1;
    },
  },
  selectors: { selectCatchingUpAnswers: (state) => state.catchingUpAnswers },
});

export const { catchingUpAnswered } = readinessSlice.actions;
export const { selectCatchingUpAnswers } = readinessSlice.selectors;
