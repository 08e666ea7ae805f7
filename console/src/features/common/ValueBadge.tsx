import { Badge } from '@mantine/core';

/**
 * A coded value as a light badge, its colour and its word from the screen's tables (a change, an
 * import action, a delivery's status); `tt="none"` keeps the word's own case.
 */
export function ValueBadge<V extends string>({
  value,
  colours,
  labels,
  tt,
}: {
  value: V;
  colours: Readonly<Record<V, string>>;
  labels: Readonly<Record<V, string>>;
  tt?: 'none';
}) {
  return (
    <Badge variant="light" color={colours[value]} tt={tt}>
      {labels[value]}
    </Badge>
  );
}
