import type { EventMetadata, StoredEvent } from './events';
import { actions, can } from './permissions';
import type { Permissions } from './permissions';

/*
 * Schema evolution (ARCHITECTURE "Write side"): events are a public contract, so a changed shape is
 * a new schema version of the event type, and every reader sees today's shape: the event stores
 * upcast what they read (deciders, projections, history, time travel, replay and the published
 * events alike). An upcaster is pure and takes one version of one event type to the next.
 */

/** Takes the `data` of one version of an event type to the next version's. */
export interface Upcaster {
  readonly type: string;
  /** The version it reads; it returns version `from + 1`. */
  readonly from: number;
  /** `metadata` says where the event came from, for a rule that depends on it (a tenant's creation). */
  readonly up: (data: Readonly<Record<string, unknown>>, metadata: EventMetadata) => Record<string, unknown>;
}

/**
 * Issue 22: a role saved before the `scenarios` resource existed grants on scenarios what it grants on
 * projects (`group-details`), action for action, and never more: a role that plans projects may try
 * them in a scenario, one that only reads them may read scenarios. A role saved since names
 * `scenarios` itself (version 2), ticked or not.
 */
export const scenariosFromProjects = (data: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const permissions = (data.permissions ?? {}) as Permissions;
  const projects = permissions['group-details'] ?? [];
  if (permissions.scenarios !== undefined || projects.length === 0) return { ...data };
  return { ...data, permissions: { ...permissions, scenarios: [...projects] } };
};

/** Whether a role was appended by its tenant's creation: a built-in one (Administrator, Viewer, Auditor). */
const savedWithTenant = (metadata: EventMetadata) =>
  metadata.command === 'CreateTenant' || metadata.source === 'provisioning';

/**
 * Issue 24: a built-in role saved before the `calendars` resource existed gets on calendars what today's
 * built-in role gets: the Administrator (EDIT on admin) all three actions, the Viewer and the Auditor
 * VIEW. A role saved by an administrator (SaveRole, a custom one or a built-in one changed) keeps what
 * it names; a role saved since names `calendars` itself (version 3), ticked or not.
 */
export const calendarsForBuiltInRoles = (
  data: Readonly<Record<string, unknown>>,
  metadata: EventMetadata,
): Record<string, unknown> => {
  const permissions = (data.permissions ?? {}) as Permissions;
  if (permissions.calendars !== undefined || !savedWithTenant(metadata)) return { ...data };
  const calendars = can(permissions, 'admin', 'EDIT') ? [...actions] : ['VIEW'];
  return { ...data, permissions: { ...permissions, calendars } };
};

export const upcasters: readonly Upcaster[] = [
  // v2 names the share's status, so that a consumer replaying the log needs no rule to know it
  { type: 'ProjectShared', from: 1, up: (data) => ({ ...data, status: 'PENDING' }) },
  { type: 'RoleSaved', from: 1, up: scenariosFromProjects },
  { type: 'RoleSaved', from: 2, up: calendarsForBuiltInRoles },
];

const latest = new Map<string, number>();
for (const { type, from } of upcasters) latest.set(type, Math.max(latest.get(type) ?? 1, from + 1));

/** The version events of `type` are written in today. */
export const schemaVersionOf = (type: string): number => latest.get(type) ?? 1;

/** The metadata an event of `type` is written with: the command's, in the type's current version. */
export const withSchemaVersion = (metadata: EventMetadata, type: string): EventMetadata => ({
  ...metadata,
  schemaVersion: schemaVersionOf(type),
});

/** The event in today's shape: every upcaster from its recorded version on, in order. */
export const upcast = <E extends StoredEvent>(event: E, chain: readonly Upcaster[] = upcasters): E => {
  let { schemaVersion } = event.metadata;
  let data = event.data as Record<string, unknown>;
  for (;;) {
    const step = chain.find((u) => u.type === event.type && u.from === schemaVersion);
    if (!step) break;
    data = step.up(data, event.metadata);
    schemaVersion += 1;
  }
  return schemaVersion === event.metadata.schemaVersion
    ? event
    : ({ ...event, data, metadata: { ...event.metadata, schemaVersion } } as E);
};
