import { Modal, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  components: {
    // a long title without spaces (a project's title) wraps inside the header instead of running under
    // the close button
    Modal: Modal.extend({
      styles: {
        title: { minWidth: 0, overflowWrap: 'anywhere' },
        close: { flexShrink: 0 },
      },
    }),
  },
});
