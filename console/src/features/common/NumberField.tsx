import { NumberInput } from '@mantine/core';
import type { NumberInputProps } from '@mantine/core';
import type { NumericRange } from '@fahrplan/contracts';
import type { NumberFieldValue } from './numberField';

type Props = Omit<
  NumberInputProps,
  | 'value'
  | 'onChange'
  | 'min'
  | 'max'
  | 'clampBehavior'
  | 'trimLeadingZeroesOnBlur'
  | 'allowDecimal'
  | 'allowNegative'
  | 'decimalScale'
> & {
  /** The field's range in contracts: the arrows step within it, the schema refuses what lies outside. */
  range: NumericRange;
  value: NumberFieldValue | null;
  onChange: (value: NumberFieldValue) => void;
};

/**
 * Every number a user types: kept as typed, never clamped on blur, rounded or turned into 0 (issue
 * 19). Minus signs and decimals are always accepted as keys so that −5 or 1.5 show, and the form's
 * schema says why they are refused, instead of the key silently doing nothing.
 */
export function NumberField({ range, value, onChange, ...props }: Props) {
  return (
    <NumberInput
      {...props}
      min={range.min}
      max={range.max}
      clampBehavior="none"
      // on blur Mantine would parse a text beyond the safe integers into another number (1e20)
      trimLeadingZeroesOnBlur={false}
      value={value ?? ''}
      onChange={onChange}
    />
  );
}
