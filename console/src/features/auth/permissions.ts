import { can } from '@fahrplan/contracts';
import type { PermissionAction, PermissionResource } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectMe } from '../session/selectMe';

/** Mirrors the server's permission check (§6) so the console hides what the server would refuse. */
export const useCan = (resource: PermissionResource, action: PermissionAction): boolean => {
  const me = useAppSelector(selectMe);
  return me ? can(me.permissions, resource, action) : false;
};
