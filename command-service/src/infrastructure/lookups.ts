import { evolveAccount, initialAccountState, streamName } from '@fahrplan/contracts';
import type { Category, DomainEvent } from '@fahrplan/contracts';
import type { AggregateRunner, Loaded } from './aggregate-runner';

const MAX_DEPTH = 1000;

/** An aggregate whose state names its parent: applications and projects. */
type Hierarchical = { readonly status: string; readonly fields?: { readonly parent: number | null } };

/**
 * The requested parent's chain up to the root, for the decider's cycle check; null when the parent
 * is not an active aggregate of the tenant in `category`.
 */
export const parentChain = async <S extends Hierarchical, E extends DomainEvent>(
  runner: AggregateRunner,
  category: Category,
  decider: { readonly initial: S; readonly evolve: (state: S, event: E) => S },
  parent: number,
  tenant: string,
): Promise<number[] | null> => {
  const chain: number[] = [];
  for (let current: number | null = parent; current !== null && chain.length < MAX_DEPTH;) {
    if (chain.includes(current)) break;
    const loaded: Loaded<S> | null = await runner
      .load(streamName(category, current), decider, tenant, category)
      .catch(() => null);
    if (!loaded || loaded.state.status !== 'active') return chain.length === 0 ? null : chain;
    chain.push(current);
    current = loaded.state.fields?.parent ?? null;
  }
  return chain;
};

/** The account a command links, as the tenant has it; null when it has no such account. */
export const linkedAccount = async (runner: AggregateRunner, account: number, tenant: string) => {
  const decider = { initial: initialAccountState, evolve: evolveAccount };
  const loaded = await runner
    .load(streamName('account', account), decider, tenant, 'account')
    .catch(() => null);
  return loaded?.state.status === 'active'
    ? { refType: loaded.state.refType, refId: loaded.state.refId }
    : null;
};
