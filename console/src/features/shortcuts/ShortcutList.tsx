import { Fragment } from 'react';
import { Badge, Group, Kbd, Stack, Table, Text, Title } from '@mantine/core';
import { useOs } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { shortcutScopes, shortcuts } from './shortcuts';
import type { KeyCombo, ShortcutId, ShortcutScope } from './shortcuts';

const arrowSymbols: Record<string, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
};

/** The keys of one combination as the keyboard in front of the user labels them. */
function useKeyNames() {
  const { t } = useTranslation('shortcuts');
  const mac = useOs() === 'macos';
  const named: Record<string, string> = {
    Enter: t('keys.enter'),
    ' ': t('keys.space'),
    Escape: t('keys.escape'),
  };
  return (combo: KeyCombo): string[] => [
    ...(combo.mod ? [mac ? '⌘' : t('keys.ctrl')] : []),
    ...(combo.alt ? [mac ? '⌥' : t('keys.alt')] : []),
    ...(combo.shift ? [t('keys.shift')] : []),
    named[combo.key] ?? arrowSymbols[combo.key] ?? combo.key.toUpperCase(),
  ];
}

/** Every shortcut of the registry, grouped by where it works; those switched off marked so. */
export function ShortcutList({ on }: { on: boolean }) {
  const { t } = useTranslation('shortcuts');
  const keyNames = useKeyNames();
  const scopes: Record<ShortcutScope, string> = {
    global: t('scopes.global'),
    lists: t('scopes.lists'),
    timeline: t('scopes.timeline'),
    timelineItems: t('scopes.timelineItems'),
    dialogs: t('scopes.dialogs'),
  };
  const what: Record<ShortcutId, string> = {
    help: t('what.help'),
    palette: t('what.palette'),
    undo: t('what.undo'),
    openRow: t('what.openRow'),
    zoomIn: t('what.zoomIn'),
    zoomOut: t('what.zoomOut'),
    panEarlier: t('what.panEarlier'),
    panLater: t('what.panLater'),
    createItem: t('what.createItem'),
    openItem: t('what.openItem'),
    moveItem: t('what.moveItem'),
    resizeItem: t('what.resizeItem'),
    changeLane: t('what.changeLane'),
    save: t('what.save'),
    close: t('what.close'),
  };
  const ids = Object.keys(shortcuts) as ShortcutId[];
  return (
    <Stack gap="md">
      {shortcutScopes.map((scope) => (
        <div key={scope} data-testid={`shortcuts-${scope}`}>
          <Title order={3} size="h5" mb={4}>
            {scopes[scope]}
          </Title>
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {ids
                .filter((id) => shortcuts[id].scope === scope)
                .map((id) => (
                  <Table.Tr key={id} data-shortcut={id}>
                    <Table.Td w="38%">
                      <Group gap={4} wrap="wrap">
                        {shortcuts[id].keys.map((combo: KeyCombo, i) => (
                          <Fragment key={`${combo.key}-${i}`}>
                            {i > 0 && (
                              <Text span size="xs" c="dimmed">
                                {t('or')}
                              </Text>
                            )}
                            {keyNames(combo).map((name) => (
                              <Kbd key={name} size="xs">
                                {name}
                              </Kbd>
                            ))}
                          </Fragment>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {what[id]}{' '}
                        {!on && shortcuts[id].switchable && (
                          <Badge size="xs" variant="outline" color="gray">
                            {t('off')}
                          </Badge>
                        )}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </div>
      ))}
    </Stack>
  );
}
