import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { apiSlice } from '../features/api/apiSlice';
import { positionSlice } from '../features/api/positionSlice';
import { sessionSlice } from '../features/session/sessionSlice';
import { asOfSlice } from '../features/session/asOfSlice';
import { scenarioSlice } from '../features/session/scenarioSlice';
import { readinessSlice } from '../features/session/readinessSlice';
import { applicationDialogSlice, projectDialogSlice } from '../features/record-dialog/recordDialogSlices';

const rootReducer = combineSlices(
  apiSlice,
  sessionSlice,
  positionSlice,
  asOfSlice,
  scenarioSlice,
  readinessSlice,
  applicationDialogSlice,
  projectDialogSlice,
);

export const makeStore = () =>
  configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(apiSlice.middleware),
  });

export const store = makeStore();

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
