/**
 * Workload of §9: effort divided by duration in days, rounded to two decimals with trailing zeros
 * dropped ('2', '2.5', '0.33'). Null when either is missing, not finite or negative, or the duration is 0.
 */
export function workload(effort: number | null, durationDays: number | null): string | null {
  if (effort === null || durationDays === null) return null;
  if (!Number.isFinite(effort) || !Number.isFinite(durationDays) || effort < 0 || durationDays <= 0)
    return null;
  return (effort / durationDays).toFixed(2).replace(/\.?0+$/, '');
}
