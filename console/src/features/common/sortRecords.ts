/**
 * Text case-insensitively, numbers numerically, server dates (YYYY-MM-DD) as strings; empty values
 * last in either direction; ties keep the server's order.
 */
export const sortRecords = <T, C extends keyof T>(
  records: readonly T[],
  column: C,
  direction: 'asc' | 'desc',
): T[] => {
  const factor = direction === 'asc' ? 1 : -1;
  return [...records].sort((a, b) => {
    const x = a[column] ?? '';
    const y = b[column] ?? '';
    if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
    if (typeof x === 'number' && typeof y === 'number') return factor * (x - y);
    return factor * String(x).localeCompare(String(y), undefined, { sensitivity: 'base', numeric: true });
  });
};
