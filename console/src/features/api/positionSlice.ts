import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/**
 * Read your writes: the highest event-store position any command answered with. Every query sends it
 * as X-Fahrplan-After, so the server answers only once its read models have caught up.
 */
export const positionSlice = createSlice({
  name: 'position',
  initialState: { after: 0 },
  reducers: {
    positionSeen(state, action: PayloadAction<number>) {
      if (action.payload > state.after) state.after = action.payload;
    },
  },
  selectors: { selectPosition: (state) => state.after },
});

export const { positionSeen } = positionSlice.actions;
export const { selectPosition } = positionSlice.selectors;
