import { DateInput } from '@mantine/dates';
import type { DateInputProps } from '@mantine/dates';
import { isUiDate, serverToUiDate, uiToServerDate } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';

type Props = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** A shown date, DD.MM.YYYY, or null. */
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/** Typed as DD.MM.YYYY (§5); the calendar works on YYYY-MM-DD strings, converted by the shared rules. */
const parseUiDate = (input: string) => {
  const trimmed = input.trim();
  return isUiDate(trimmed) ? uiToServerDate(trimmed) : null;
};

export function UiDateInput({ value, onChange, ...props }: Props) {
  const { t } = useTranslation('common');
  return (
    <DateInput
      {...props}
      valueFormat="DD.MM.YYYY"
      placeholder={props.readOnly ? undefined : t('datePlaceholder')}
      dateParser={parseUiDate}
      clearable={!props.readOnly}
      clearButtonProps={{ 'aria-label': t('clearDate') }}
      value={value && isUiDate(value) ? uiToServerDate(value) : null}
      onChange={(next) => onChange?.(next ? serverToUiDate(next.slice(0, 10)) : null)}
    />
  );
}
