import { Alert, Stack, Tabs, Title } from '@mantine/core';
import {
  IconBuilding,
  IconBuildingCommunity,
  IconCalendar,
  IconListDetails,
  IconPlugConnected,
  IconShieldLock,
  IconTarget,
  IconTool,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useCan } from '../auth/permissions';
import { CalendarsPanel } from '../calendars/CalendarsPanel';
import { TrackerConnectionsPanel } from '../tracker/TrackerConnectionsPanel';
import { WebhooksPanel } from '../webhooks/WebhooksPanel';
import { adminTabs, tabOrDefault } from './adminTabs';
import type { AdminTab } from './adminTabs';
import { GoalsPanel } from './goals/GoalsPanel';
import { OptionListsPanel } from './OptionListsPanel';
import { ResourcesPanel } from './ResourcesPanel';
import { RolesPanel } from './RolesPanel';
import { TenantPanel } from './TenantPanel';
import { TenantsPanel } from './TenantsPanel';
import { UsersPanel } from './UsersPanel';

/** Each tab's icon and panel (`editable` with admin EDIT; the tenants tab shows only with CREATE). */
const tabParts: Record<AdminTab, { icon: typeof IconUsers; panel: (editable: boolean) => ReactNode }> = {
  users: { icon: IconUsers, panel: (editable) => <UsersPanel editable={editable} /> },
  roles: { icon: IconShieldLock, panel: (editable) => <RolesPanel editable={editable} /> },
  tenant: { icon: IconBuilding, panel: (editable) => <TenantPanel editable={editable} /> },
  options: { icon: IconListDetails, panel: (editable) => <OptionListsPanel editable={editable} /> },
  resources: { icon: IconTool, panel: () => <ResourcesPanel /> },
  calendars: { icon: IconCalendar, panel: () => <CalendarsPanel /> },
  goals: { icon: IconTarget, panel: () => <GoalsPanel /> },
  tracker: { icon: IconPlugConnected, panel: (editable) => <TrackerConnectionsPanel editable={editable} /> },
  webhooks: { icon: IconWebhook, panel: () => <WebhooksPanel /> },
  tenants: { icon: IconBuildingCommunity, panel: () => <TenantsPanel canCreate /> },
};

/**
 * Tenant administration (§6 `admin`): VIEW shows it read-only, EDIT makes it editable, CREATE adds new
 * tenants. The tab is the URL's last segment (/admin/roles), so a reload or a link keeps it.
 */
export function AdminPage() {
  const canView = useCan('admin', 'VIEW');
  const canEdit = useCan('admin', 'EDIT');
  const canCreate = useCan('admin', 'CREATE');
  const navigate = useNavigate();
  const { tab: param } = useParams();
  const tabs = adminTabs(canCreate);
  const tab = tabOrDefault(param, tabs);
  const { t } = useTranslation('admin');

  if (!canView) {
    return (
      <Alert color="red" title={t('page.notPermitted')}>
        {t('page.needsView')}
      </Alert>
    );
  }
  if (param !== tab) return <Navigate to={`/admin/${tab}`} replace />;

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('page.title')}
      </Title>
      {!canEdit && (
        <Alert color="gray" variant="light">
          {t('page.readOnly')}
        </Alert>
      )}
      <Tabs value={tab} onChange={(next) => next && navigate(`/admin/${next}`)} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((name: AdminTab) => {
            const Icon = tabParts[name].icon;
            return (
              <Tabs.Tab key={name} value={name} leftSection={<Icon size={16} />}>
                {t(`tabs.${name}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {tabs.map((name) => (
          <Tabs.Panel key={name} value={name}>
            {tabParts[name].panel(canEdit)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
