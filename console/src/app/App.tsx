import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { SessionGate } from '../features/auth/SessionGate';
import { router } from './router';
import { store } from './store';
import { theme } from './theme';

export function App() {
  return (
    <Provider store={store}>
      <MantineProvider theme={theme}>
        <DatesProvider settings={{ firstDayOfWeek: 1 }}>
          <Notifications position="bottom-right" autoClose={5000} />
          <SessionGate>
            <RouterProvider router={router} />
          </SessionGate>
        </DatesProvider>
      </MantineProvider>
    </Provider>
  );
}
