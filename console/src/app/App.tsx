import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { SessionGate } from '../features/auth/SessionGate';
import { LiveAnnouncer } from '../features/common/LiveAnnouncer';
import { i18n } from '../features/i18n/i18n';
import { colorSchemeManager } from '../features/appearance/appearance';
import { router } from './router';
import { store } from './store';
import { cssVariablesResolver, theme } from './theme';

/** The date pickers name months and days in the language shown (dayjs's locale of the same name). */
function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n: shown } = useTranslation();
  return (
    <DatesProvider settings={{ firstDayOfWeek: 1, locale: shown.language.toLowerCase() }}>
      {children}
    </DatesProvider>
  );
}

export function App() {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="auto"
          colorSchemeManager={colorSchemeManager}
        >
          <LocalisedDates>
            <LiveAnnouncer />
            <SessionGate>
              <RouterProvider router={router} />
            </SessionGate>
          </LocalisedDates>
        </MantineProvider>
      </I18nextProvider>
    </Provider>
  );
}
