import {
  Autocomplete,
  Modal,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  TagsInput,
  TextInput,
  Textarea,
  createTheme,
} from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';
import type { CSSProperties } from 'react';
import { DateInput } from '@mantine/dates';

/**
 * A read-only field looks like Mantine's filled variant (no border, a grey ground) wherever it is, so a
 * viewer sees at once what they cannot change: one rule for every input, instead of a prop per field.
 */
const readOnlyLooksFilled = (_theme: unknown, props: { readOnly?: boolean }) =>
  props.readOnly
    ? {
        wrapper: {
          '--input-bg': 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))',
          '--input-bd': 'transparent',
        } as CSSProperties,
      }
    : {};

/**
 * Light scheme: Mantine writes coloured text (`c="orange"`, light badges and alerts) in shade 9, whose yellow,
 * orange, green and teal stay under 4.5:1 on white or on their own shade 1; 30% darker they pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: Object.fromEntries(
    Object.keys(theme.colors).flatMap((colour) => {
      const darker = `color-mix(in srgb, var(--mantine-color-${colour}-9) 70%, black)`;
      return [
        [`--mantine-color-${colour}-text`, darker],
        [`--mantine-color-${colour}-light-color`, darker],
      ];
    }),
  ),
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG 2.2 AA (issue 20): white on shade 6 is 3.6:1 for blue, 4.3:1 for indigo; on shade 8 it passes, and
  // autoContrast puts dark text on the light fills (yellow, lime) where white cannot reach 4.5:1
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.179,
  respectReducedMotion: true,
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
    Autocomplete: Autocomplete.extend({ styles: readOnlyLooksFilled }),
    DateInput: DateInput.extend({ styles: readOnlyLooksFilled }),
    MultiSelect: MultiSelect.extend({ styles: readOnlyLooksFilled }),
    NumberInput: NumberInput.extend({ styles: readOnlyLooksFilled }),
    PasswordInput: PasswordInput.extend({ styles: readOnlyLooksFilled }),
    Select: Select.extend({ styles: readOnlyLooksFilled }),
    TagsInput: TagsInput.extend({ styles: readOnlyLooksFilled }),
    TextInput: TextInput.extend({ styles: readOnlyLooksFilled }),
    Textarea: Textarea.extend({ styles: readOnlyLooksFilled }),
  },
});
