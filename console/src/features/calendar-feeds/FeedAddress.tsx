import { ActionIcon, Alert, CopyButton, Group, List, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { feedAddress } from './calendarFeedsApi';

/**
 * A feed's address, shown this once after it was made (the server keeps only its hash): a field to
 * select, a copy button, and how to subscribe in Outlook and Google Calendar.
 */
export function FeedAddress({ path, onClose }: { path: string; onClose: () => void }) {
  const { t } = useTranslation('calendar-feeds');
  const address = feedAddress(path);
  return (
    <Alert
      color="blue"
      icon={<IconKey />}
      title={t('address.title')}
      withCloseButton
      closeButtonLabel={t('address.close')}
      onClose={onClose}
    >
      <Stack gap="xs">
        <Text size="sm">{t('address.once')}</Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={t('address.label')}
            value={address}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1 }}
            data-testid="feed-address"
          />
          <CopyButton value={address}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('address.copied') : t('address.copy')} withArrow>
                <ActionIcon
                  variant="light"
                  size="lg"
                  onClick={copy}
                  aria-label={copied ? t('address.copied') : t('address.copy')}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" fw={600}>
          {t('address.howTo')}
        </Text>
        <List size="sm">
          <List.Item>{t('address.outlook')}</List.Item>
          <List.Item>{t('address.google')}</List.Item>
        </List>
      </Stack>
    </Alert>
  );
}
