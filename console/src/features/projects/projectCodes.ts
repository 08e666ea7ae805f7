// The option sets behind status, phase and health status are not part of the spec (§4), so the
// console shows the stored codes with neutral labels; only health gets traffic-light colours.

export interface CodeOption {
  readonly value: string;
  readonly label: string;
}

/** Codes offered by the filters: the spec names status values up to 10 and the §4 defaults. */
const offered = { status: 11, phase: 10, health: 4 } as const;

export type CodeKind = keyof typeof offered;

const healthNames = ['not rated', 'on track', 'at risk', 'critical'] as const;

/** The label of a code, e.g. `Status 3`, `Phase 0`, `3 · critical`; null shows as an em dash. */
export const codeLabel = (kind: CodeKind, code: number | null): string => {
  if (code === null) return '—';
  if (kind === 'health') {
    const name = healthNames[code];
    return name ? `${code} · ${name}` : `${code}`;
  }
  return `${kind === 'status' ? 'Status' : 'Phase'} ${code}`;
};

/** Select options for a filter; values are the codes as the query string carries them. */
export const codeOptions = (kind: CodeKind): CodeOption[] =>
  Array.from({ length: offered[kind] }, (_, code) => ({ value: String(code), label: codeLabel(kind, code) }));

const healthColours = ['gray', 'green', 'yellow', 'red'] as const;

/** Mantine colour of the health badge; unknown codes stay neutral. */
export const healthColour = (code: number | null): string =>
  (code === null ? undefined : healthColours[code]) ?? 'gray';
