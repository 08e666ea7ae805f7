import { createSelector } from '@reduxjs/toolkit';
import { meAsOf } from './asOf';
import { selectAsOf } from './asOfSlice';
import { meInScenario } from './scenario';
import { selectScenario } from './scenarioSlice';
import { selectStoredMe } from './sessionSlice';

/**
 * The user as the console acts for it: view-only while it shows the past (as of a date), and inside a
 * scenario without scenarios EDIT.
 */
export const selectMe = createSelector([selectStoredMe, selectAsOf, selectScenario], (me, asOf, scenario) =>
  meInScenario(meAsOf(me, asOf), scenario),
);
