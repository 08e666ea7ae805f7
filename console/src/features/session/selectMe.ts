import { createSelector } from '@reduxjs/toolkit';
import { meAsOf } from './asOf';
import { selectAsOf } from './asOfSlice';
import { selectStoredMe } from './sessionSlice';

/** The user as the console acts for it: view-only while it shows the past (as of a date). */
export const selectMe = createSelector([selectStoredMe, selectAsOf], meAsOf);
