import type { Body } from '../../src/testing/platform';

/**
 * Probes of the isolation suite, derived from the OpenAPI document and the command schemas in it, so
 * that endpoints and commands added later are probed without anyone listing them here.
 */

/** What a tenant owns, as the probes aim at it. */
export interface Owned {
  readonly tenant: string;
  /** Record id → what it is (a kind, e.g. 'project') and its current version. */
  readonly records: Map<number, { readonly kind: string; version: number; readonly label: string }>;
  /** Titles and names a route taking idOrName may resolve. */
  readonly names: string[];
}

/** A numeric field or query parameter that names a record. */
const ID_NAME =
  /^(id|ids)$|[a-z]Ids?$|^(group|groups|account|parent|user|users|roles?|resource|applications?|project|item|goal|owner|members?|comment)$/;

/** Which kind of record a field names when it is not the field a probe aims at (small rules, §3). */
const fieldKinds: Record<string, string> = {
  group: 'project',
  groupId: 'project',
  project: 'project',
  goalId: 'goal',
  goal: 'goal',
  accountId: 'account',
  account: 'account',
  user: 'user',
  userId: 'user',
  users: 'user',
  roles: 'role',
  role: 'role',
  resource: 'resource',
  application: 'application',
  applications: 'application',
  item: 'item',
};
const refTypeKinds: Record<string, string> = {
  application: 'application',
  PROJECT: 'project',
  group: 'project',
  task: 'item',
};

/** Fields filled even when optional: a create needs them, an update through them is the attack. */
const FILL_ALWAYS = new Set(['title', 'name', 'start', 'displayName']);

const branches = (s: Body): Body[] => s?.anyOf ?? s?.oneOf ?? [s ?? {}];
const nonNull = (s: Body): Body => branches(s).find((b) => b.type !== 'null') ?? s ?? {};
const typeOf = (s: Body): string | undefined => {
  const b = nonNull(s);
  if (Array.isArray(b.type)) return b.type.find((t: string) => t !== 'null');
  if (b.type) return b.type;
  if (b.properties) return 'object';
  return undefined;
};
const isNumeric = (s: Body) => ['integer', 'number'].includes(typeOf(s) ?? '');

export const isIdField = (name: string, s: Body): boolean =>
  ID_NAME.test(name) && (isNumeric(s) || (typeOf(s) === 'array' && isNumeric(nonNull(s).items)));

const STRING_CANDIDATES = [
  'isolation probe',
  '2026-03-02',
  '2026-03-02T00:00',
  'tasks',
  'demo',
  'probe',
  'https://example.org/probe',
];

/** A value the schema accepts, by the field's name and the schema's own constraints. */
export const sampleValue = (schema: Body, name: string): unknown => {
  const s = nonNull(schema);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (typeOf(s)) {
    case 'string': {
      if (name === 'password') return 'isolation-Probe-password-1';
      if (name === 'username') return 'isolation-probe';
      if (s.format === 'date') return '2026-03-02';
      if (s.format === 'date-time') return '2026-03-02T00:00:00Z';
      if (s.format === 'email') return 'probe@example.org';
      if (s.format === 'uri') return 'https://example.org/probe';
      const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern) : null;
      return (
        STRING_CANDIDATES.find(
          (c) =>
            (!pattern || pattern.test(c)) &&
            c.length >= (s.minLength ?? 0) &&
            c.length <= (s.maxLength ?? Infinity),
        ) ?? 'x'.repeat(Math.max(1, s.minLength ?? 1))
      );
    }
    case 'integer':
    case 'number': {
      let v = 1;
      if (typeof s.minimum === 'number' && s.minimum > v) v = s.minimum;
      if (typeof s.exclusiveMinimum === 'number' && s.exclusiveMinimum >= v) v = s.exclusiveMinimum + 1;
      if (typeof s.maximum === 'number' && s.maximum < v) v = s.maximum;
      return v;
    }
    case 'boolean':
      return false;
    case 'array':
      return (s.minItems ?? 0) > 0 ? [sampleValue(s.items, name)] : [];
    case 'object': {
      const required = new Set<string>(s.required ?? []);
      return Object.fromEntries(
        Object.entries((s.properties ?? {}) as Record<string, Body>)
          .filter(([key]) => required.has(key))
          .map(([key, p]) => [key, sampleValue(p, key)]),
      );
    }
    default:
      return null;
  }
};

/** A field of a command body that names a record: `goals.goalId` is the goalId inside the goals array. */
interface Slot {
  readonly path: string;
  readonly name: string;
}

const slotsOf = (schema: Body, prefix = ''): Slot[] => {
  const s = nonNull(schema);
  return Object.entries((s.properties ?? {}) as Record<string, Body>).flatMap(([key, p]): Slot[] => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isIdField(key, p)) return [{ path, name: key }];
    const inner = nonNull(p);
    if (typeOf(inner) === 'array' && typeOf(inner.items) === 'object') return slotsOf(inner.items, path);
    if (typeOf(inner) === 'object') return slotsOf(inner, path);
    return [];
  });
};

/** One probe of a command: its body, and the record of the owner it aims at. */
export interface CommandPlan {
  readonly body: Record<string, unknown>;
  readonly focus: string;
  readonly target: number;
}

const cartesian = (lists: [string, unknown[]][]): Record<string, unknown>[] =>
  lists.reduce<Record<string, unknown>[]>(
    (acc, [key, values]) => acc.flatMap((partial) => values.map((v) => ({ ...partial, [key]: v }))),
    [{}],
  );

/**
 * Bodies of one command aimed at `owner`'s records: for each field that names a record (the focus),
 * each of the owner's ids in it; the other required record fields get an owner record of the kind
 * their name suggests, so a body is as close to a valid command on the owner's data as the rules
 * allow. Enumerated strings (refType …) and `tenant` fields vary over their values.
 */
export const commandPlans = (schema: Body, owner: Owned, caller: string): CommandPlan[] => {
  const top = nonNull(schema);
  const properties = (top.properties ?? {}) as Record<string, Body>;
  const required = new Set<string>(top.required ?? []);
  const slots = slotsOf(top);
  const ids = [...owner.records.keys()];
  const firstOf = (kind: string | undefined) =>
    kind ? [...owner.records].find(([, r]) => r.kind === kind)?.[0] : undefined;
  const variantFields: [string, unknown[]][] = Object.entries(properties)
    .filter(
      ([key, p]) => typeOf(p) === 'string' && (key === 'tenant' || required.has(key) || key === 'refType'),
    )
    .map(([key, p]): [string, unknown[]] => {
      if (key === 'tenant') return [key, [caller, owner.tenant]];
      const e = nonNull(p).enum;
      return [key, Array.isArray(e) ? e.slice(0, 6) : [sampleValue(p, key)]];
    });
  const variants = cartesian(variantFields).slice(0, 8);
  const aimsByTenant = 'tenant' in properties;
  const plans: CommandPlan[] = [];

  const build = (
    s: Body,
    prefix: string,
    variant: Record<string, unknown>,
    focus: string,
    target: number,
  ): Record<string, unknown> => {
    const obj = nonNull(s);
    const req = new Set<string>(obj.required ?? []);
    const out: Record<string, unknown> = {};
    for (const [key, p] of Object.entries((obj.properties ?? {}) as Record<string, Body>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const slot = slots.find((x) => x.path === path);
      if (slot) {
        const isArray = typeOf(p) === 'array';
        let value: number | undefined;
        if (path === focus) value = target;
        else if (req.has(key)) {
          const kind =
            key === 'refId' ? refTypeKinds[String(variant.refType ?? out.refType)] : fieldKinds[key];
          value = firstOf(kind) ?? target;
        }
        if (value !== undefined) out[key] = isArray ? [value] : value;
        continue;
      }
      if (!prefix && key in variant) {
        out[key] = variant[key];
        continue;
      }
      const inner = nonNull(p);
      const containsFocus = focus.startsWith(`${path}.`);
      if (typeOf(inner) === 'array' && typeOf(inner.items) === 'object') {
        if (req.has(key) || containsFocus) out[key] = [build(inner.items, path, variant, focus, target)];
        continue;
      }
      if (typeOf(inner) === 'object' && (req.has(key) || containsFocus) && inner.properties) {
        out[key] = build(inner, path, variant, focus, target);
        continue;
      }
      if (req.has(key) || FILL_ALWAYS.has(key)) out[key] = sampleValue(p, key);
    }
    return out;
  };

  for (const variant of variants) {
    for (const slot of slots)
      for (const target of ids) {
        const body = build(top, '', variant, slot.path, target);
        if ('version' in properties && (typeof body.id === 'number' || required.has('version')))
          body.version = owner.records.get(typeof body.id === 'number' ? body.id : target)?.version ?? 0;
        plans.push({ body, focus: slot.path, target });
      }
    // a command that names its target by tenant only (an invitation's answer, …)
    if (slots.length === 0 && aimsByTenant && variant.tenant === owner.tenant)
      plans.push({ body: build(top, '', variant, '', 0), focus: 'tenant', target: 0 });
  }
  return plans;
};

/** One GET of the isolation suite. */
export interface GetPlan {
  readonly template: string;
  readonly path: string;
  /** The owner's id or name the path addresses (a path parameter); null for a list or search. */
  readonly addressed: number | string | null;
}

const queryValue = (name: string): string | undefined => {
  if (name === 'from') return '2024-01-01';
  if (name === 'to') return '2028-12-01';
  return undefined;
};

/**
 * Every GET of the document aimed at `owner`: path parameters take each of its ids (and names, where a
 * route takes a name), record query parameters (group, refId, application, …) each of its ids, `q`
 * each of its names, refType each known value. Streams (text/event-stream) are left out: `streams`
 * names them.
 */
export const getPlans = (
  openapi: Body,
  owner: Owned,
  refTypes: readonly string[],
): { plans: GetPlan[]; streams: string[] } => {
  const plans: GetPlan[] = [];
  const streams: string[] = [];
  const ids = [...owner.records.keys()].map(String);
  for (const [template, item] of Object.entries(openapi.paths as Record<string, Body>)) {
    const op = item.get;
    if (!op) continue;
    if (Object.keys(op.responses?.['200']?.content ?? {}).some((t) => t.includes('event-stream'))) {
      streams.push(template);
      continue;
    }
    const params = (op.parameters ?? []) as {
      name: string;
      in: string;
      required?: boolean;
      schema?: { enum?: string[] };
    }[];
    const inPath = params.filter((p) => p.in === 'path').map((p) => p.name);
    for (const match of template.matchAll(/\{(\w+)\}/g))
      if (!inPath.includes(match[1]!)) inPath.push(match[1]!);
    const query = params.filter((p) => p.in === 'query');
    const requiredQuery = query.filter((p) => p.required);
    const optionalQuery = query.filter((p) => !p.required);
    // a required parameter of a few documented values (the shares' direction) takes each of them
    const enumerated = requiredQuery.filter((p) => p.schema?.enum);
    const fill = (value: string, extra: Record<string, string>): Record<string, string>[] => {
      const base: Record<string, string> = {};
      const refTypeParams: string[] = [];
      for (const p of requiredQuery) {
        if (p.name === 'refType') refTypeParams.push(p.name);
        else if (!p.schema?.enum) base[p.name] = queryValue(p.name) ?? value;
      }
      const all = { ...base, ...extra };
      const withRefTypes =
        refTypeParams.length === 0
          ? [all]
          : refTypes.map((t) => ({ ...all, ...Object.fromEntries(refTypeParams.map((n) => [n, t])) }));
      return enumerated.reduce(
        (queries, p) => queries.flatMap((q) => p.schema!.enum!.map((v) => ({ ...q, [p.name]: v }))),
        withRefTypes,
      );
    };
    const url = (values: string, q: Record<string, string>) => {
      const path = template.replace(/\{(\w+)\}/g, () => encodeURIComponent(values));
      const search = new URLSearchParams(q).toString();
      return search ? `${path}?${search}` : path;
    };
    if (inPath.length > 0) {
      const byName = inPath.some((n) => /name/i.test(n));
      for (const value of [...ids, ...(byName ? owner.names : [])])
        for (const q of fill(value, {}))
          plans.push({
            template,
            path: url(value, q),
            addressed: /^\d+$/.test(value) ? Number(value) : value,
          });
      continue;
    }
    const needsValue = requiredQuery.some(
      (p) => p.name !== 'refType' && !p.schema?.enum && queryValue(p.name) === undefined,
    );
    for (const value of needsValue ? ids : [''])
      for (const q of fill(value, {})) plans.push({ template, path: url('', q), addressed: null });
    const ownQuery = fill(ids[0] ?? '', {})[0] ?? {};
    for (const p of optionalQuery) {
      if (ID_NAME.test(p.name) || p.name === 'refId')
        for (const value of ids)
          plans.push({ template, path: url('', { ...ownQuery, [p.name]: value }), addressed: null });
      if (p.name === 'q')
        for (const name of owner.names)
          plans.push({ template, path: url('', { ...ownQuery, q: name }), addressed: null });
    }
  }
  return { plans, streams };
};

/** What an answer to the caller may show of the owner in a phase. */
export interface Visibility {
  /** The owner's records the caller may see (a shared project, its items …). */
  readonly ids: ReadonlySet<number>;
  /** Marker labels the caller may see. */
  readonly labels: (label: string) => boolean;
  /**
   * Projects whose share records the caller may see (GET /api/shares: the owner, and who requested or
   * decided when): objects naming one of them as `project` may name the owner's tenant.
   */
  readonly shares: ReadonlySet<number>;
}

export const nothingVisible: Visibility = { ids: new Set(), labels: () => false, shares: new Set() };

/** The owner's secrets: marker strings (prefix-label) and fixed strings of records made elsewhere. */
export interface Secrets {
  readonly prefix: string;
  readonly literals: Readonly<Record<string, string>>;
  readonly owner: Owned;
}

/**
 * Why an answer leaks the owner's data: a marker it may not see, a record of the owner's tenant, or a
 * record carrying one of the owner's hidden ids. Small numbers appear innocently (a version, a rank),
 * so ids count only as an object's `id`; ids are allocated globally, so no record of the caller has one.
 */
export const leaksIn = (body: unknown, secrets: Secrets, visible: Visibility): string[] => {
  const found = new Set<string>();
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  for (const match of text.matchAll(new RegExp(`${secrets.prefix}-([A-Za-z0-9-]+)`, 'g')))
    if (!visible.labels(match[1]!)) found.add(`marker ${match[0]}`);
  for (const [label, literal] of Object.entries(secrets.literals))
    if (text.includes(literal) && !visible.labels(label)) found.add(`marker '${literal}'`);
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.project === 'number' && visible.shares.has(record.project)) return;
    const id = typeof record.id === 'number' ? record.id : undefined;
    const hidden = id !== undefined && secrets.owner.records.has(id) && !visible.ids.has(id);
    if (hidden) found.add(`record id ${id} (${secrets.owner.records.get(id)!.label})`);
    if (record.tenant === secrets.owner.tenant && (id === undefined || !visible.ids.has(id)))
      found.add(`record of tenant ${secrets.owner.tenant}${id === undefined ? '' : ` (id ${id})`}`);
    Object.values(record).forEach(walk);
  };
  walk(body);
  return [...found];
};

/** Probes and leaks per phase. */
export class Tally {
  readonly probes = new Map<string, number>();
  readonly leaks: string[] = [];

  count(phase: string, n = 1): void {
    this.probes.set(phase, (this.probes.get(phase) ?? 0) + n);
  }

  leak(phase: string, what: string): void {
    this.leaks.push(`[${phase}] ${what}`);
  }

  leaksOf(phase: string): string[] {
    return this.leaks.filter((l) => l.startsWith(`[${phase}] `));
  }

  get total(): number {
    return [...this.probes.values()].reduce((a, b) => a + b, 0);
  }

  summary(): string {
    const phases = [...this.probes].map(([phase, n]) => `${phase}: ${n}`).join(', ');
    return `isolation: ${this.total} probes, ${this.leaks.length} leaks (${phases})`;
  }
}

/** The body with `value` in the record field at `path` (inside arrays: in each element). */
export const withValueAt = (
  body: Record<string, unknown>,
  path: string,
  value: number,
): Record<string, unknown> => {
  const [head, ...rest] = path.split('.');
  if (!head || !(head in body)) return body;
  const current = body[head];
  const replace = (inner: unknown): unknown =>
    rest.length === 0
      ? Array.isArray(inner)
        ? [value]
        : value
      : inner && typeof inner === 'object'
        ? withValueAt(inner as Record<string, unknown>, rest.join('.'), value)
        : inner;
  return {
    ...body,
    [head]: rest.length > 0 && Array.isArray(current) ? current.map(replace) : replace(current),
  };
};
