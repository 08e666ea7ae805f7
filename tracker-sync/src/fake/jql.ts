import type { FakeIssue, FakeTrackerData } from './fake-types';

/** A JQL error Jira reports as 400 {errorMessages:[message]}. */
export class JqlError extends Error {}

export interface JqlQuery {
  filter(issue: FakeIssue): boolean;
  compare(a: FakeIssue, b: FakeIssue): number;
  /** Whether some clause restricts the result (the new search refuses unbounded queries). */
  readonly bounded: boolean;
}

/**
 * The subset of JQL tracker-sync sends: key/issuekey in (...) or =, project = / in (...),
 * updated/created >= "yyyy/MM/dd HH:mm" (or a date), joined by AND, then ORDER BY key|updated|created.
 */
export function parseJql(jql: string, data: FakeTrackerData): JqlQuery {
  const [where = '', orderBy] = jql.split(/\border\s+by\b/i);
  const clauses = splitAnd(where.trim());
  const filters = clauses.map((clause) => parseClause(clause, data));
  const compare = parseOrder(orderBy?.trim());
  return { filter: (issue) => filters.every((f) => f(issue)), compare, bounded: filters.length > 0 };
}

function splitAnd(where: string): string[] {
  if (!where) return [];
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (let i = 0; i < where.length; i++) {
    const ch = where[i]!;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && /^\sand\s/i.test(where.slice(i, i + 5))) {
      parts.push(current.trim());
      current = '';
      i += 3;
      continue;
    }
    current += ch;
  }
  parts.push(current.trim());
  if (parts.some((p) => !p)) throw new JqlError(`Error in the JQL Query: Expecting a clause but got 'AND'.`);
  return parts;
}

const unquote = (value: string) => value.trim().replace(/^(["'])(.*)\1$/, '$2');

function list(value: string): string[] {
  const inner = value.trim().match(/^\((.*)\)$/s)?.[1];
  if (inner === undefined)
    throw new JqlError(`Error in the JQL Query: Expecting '(' but got '${value.trim()}'.`);
  return inner
    .split(',')
    .map(unquote)
    .filter((v) => v.length > 0);
}

function parseClause(clause: string, data: FakeTrackerData): (issue: FakeIssue) => boolean {
  const match = clause.match(/^(\w+)\s*(=|!=|>=|<=|>|<|\bin\b)\s*(.+)$/is);
  if (!match)
    throw new JqlError(`Error in the JQL Query: The clause '${clause}' is not supported by this tracker.`);
  const field = match[1]!.toLowerCase();
  const operator = match[2]!.toLowerCase();
  const value = match[3]!;
  if ((field === 'key' || field === 'issuekey') && (operator === 'in' || operator === '=')) {
    const keys = operator === 'in' ? list(value) : [unquote(value)];
    for (const key of keys) {
      if (!data.issues.some((issue) => issue.key === key.toUpperCase() || issue.id === key)) {
        throw new JqlError(`An issue with key '${key}' does not exist for field 'key'.`);
      }
    }
    const wanted = new Set(keys.map((k) => k.toUpperCase()));
    return (issue) => wanted.has(issue.key) || wanted.has(issue.id);
  }
  if (field === 'project' && (operator === 'in' || operator === '=')) {
    const values = operator === 'in' ? list(value) : [unquote(value)];
    const keys = new Set(
      values.map((v) => {
        const project = data.projects.find(
          (p) => p.key === v.toUpperCase() || p.id === v || p.name.toLowerCase() === v.toLowerCase(),
        );
        if (!project) throw new JqlError(`The value '${v}' does not exist for the field 'project'.`);
        return project.key;
      }),
    );
    return (issue) => keys.has(issue.projectKey);
  }
  if (field === 'updated' && ['>=', '>', '<=', '<'].includes(operator)) {
    const at = parseJqlDate(unquote(value));
    return (issue) => {
      // JQL compares at minute precision.
      const t = Math.floor(Date.parse(issue.updated) / 60_000) * 60_000;
      return operator === '>=' ? t >= at : operator === '>' ? t > at : operator === '<=' ? t <= at : t < at;
    };
  }
  throw new JqlError(`Error in the JQL Query: The clause '${clause}' is not supported by this tracker.`);
}

const UNIT_MS: Record<string, number> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000 };

function parseJqlDate(value: string): number {
  // Relative dates: "-5m", "-1d", "-2w".
  const relative = value.match(/^([-+]?)(\d+)([wdhm])$/);
  if (relative) {
    const at = Date.now() + (relative[1] === '-' ? -1 : 1) * Number(relative[2]) * UNIT_MS[relative[3]!]!;
    return Math.floor(at / 60_000) * 60_000;
  }
  const m = value.match(/^(\d{4})[/-](\d{2})[/-](\d{2})(?:[ T](\d{2}):(\d{2}))?$/);
  if (!m) {
    throw new JqlError(
      `Date value '${value}' for field 'updated' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd'.`,
    );
  }
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
}

function keyNumber(issue: FakeIssue): [string, number] {
  const dash = issue.key.lastIndexOf('-');
  return [issue.key.slice(0, dash), Number(issue.key.slice(dash + 1))];
}

function byKey(a: FakeIssue, b: FakeIssue): number {
  const [pa, na] = keyNumber(a);
  const [pb, nb] = keyNumber(b);
  return pa.localeCompare(pb) || na - nb;
}

function parseOrder(orderBy: string | undefined): (a: FakeIssue, b: FakeIssue) => number {
  if (!orderBy) return byKey;
  const terms = orderBy.split(',').map((term) => {
    const m = term.trim().match(/^(key|issuekey|updated)(?:\s+(asc|desc))?$/i);
    if (!m)
      throw new JqlError(
        `Error in the JQL Query: ordering by '${term.trim()}' is not supported by this tracker.`,
      );
    const sign = m[2]?.toLowerCase() === 'desc' ? -1 : 1;
    const field = m[1]!.toLowerCase();
    return field === 'updated'
      ? (a: FakeIssue, b: FakeIssue) => sign * (Date.parse(a.updated) - Date.parse(b.updated))
      : (a: FakeIssue, b: FakeIssue) => sign * byKey(a, b);
  });
  return (a, b) => {
    for (const term of terms) {
      const order = term(a, b);
      if (order !== 0) return order;
    }
    return byKey(a, b);
  };
}
