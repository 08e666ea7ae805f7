/** Thousands grouped with an apostrophe and a decimal point, as the dialogs show amounts (1'234.50). */
const grouped = (decimals: number | null) =>
  new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals ?? 0,
    maximumFractionDigits: decimals ?? 20,
    useGrouping: true,
  });
const whole = grouped(null);
const cents = grouped(2);

/** A number as the dialogs show it: 1'234.5; with `decimals` 2 (an amount) always two: 1'234.50. */
export const formatNumber = (value: number, decimals?: 2): string =>
  Number.isFinite(value) ? (decimals === 2 ? cents : whole).format(value).replace(/,/g, "'") : String(value);
