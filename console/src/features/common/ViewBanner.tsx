import type { ReactNode, Ref } from 'react';
import { Box, Button, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/**
 * The banner under the header while the console shows something other than the live plan now (the
 * past as of a date, a scenario): what the user sees in bold, what that means, the ways on and,
 * last in the banner's colour, the way out (back to the live plan now); sticky, focusable (the focus goes there after a move), with a polite live region that
 * announces the move and stays when the banner goes.
 */
export function ViewBanner({
  shown,
  announcement,
  bannerRef,
  label,
  color,
  icon: Icon,
  title,
  text,
  testId,
  exit,
  children,
}: {
  shown: boolean;
  announcement: string;
  bannerRef: Ref<HTMLDivElement>;
  label: string;
  /** A Mantine colour: the banner's ground, its border and its icon. */
  color: string;
  icon: Icon;
  title: string;
  text: string;
  testId: string;
  /** The way back to the live plan now. */
  exit: { label: string; icon: Icon; onClick: () => void };
  /** The banner's other buttons. */
  children: ReactNode;
}) {
  const live = (
    <VisuallyHidden role="status" aria-live="polite">
      {announcement}
    </VisuallyHidden>
  );
  if (!shown) return live;
  return (
    <Box
      pos="sticky"
      top="var(--app-shell-header-offset, 56px)"
      style={{ zIndex: 3 }}
      mx="calc(var(--mantine-spacing-md) * -1)"
      mt="calc(var(--mantine-spacing-md) * -1)"
      mb="md"
    >
      {live}
      <Paper
        ref={bannerRef}
        tabIndex={-1}
        role="region"
        aria-label={label}
        radius={0}
        px="md"
        py={8}
        bg={`var(--mantine-color-${color}-light)`}
        style={{ borderBottom: `2px solid var(--mantine-color-${color}-filled)` }}
        data-testid={testId}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Icon size={20} color={`var(--mantine-color-${color}-text)`} aria-hidden />
            <Text size="sm">
              <Text span fw={700}>
                {title}
              </Text>{' '}
              {text}
            </Text>
          </Group>
          <Group gap="xs">
            {children}
            <Button size="xs" color={color} leftSection={<exit.icon size={16} />} onClick={exit.onClick}>
              {exit.label}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Box>
  );
}
