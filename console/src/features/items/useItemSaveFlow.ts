import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rankForNewItem, trimText } from '@fahrplan/contracts';
import { flowSource } from '../api/commands';
import { useIdempotencyKeys } from '../record-dialog/idempotencyKeys';
import { saveStepSender } from '../record-dialog/SaveStepError';
import { useCreateItemCommentMutation, useLazyGetLastRankedItemQuery, useSaveItemMutation } from './itemsApi';
import { itemFieldsChanged, toSaveCommand } from './itemForm';
import type { AttributeDefinition } from '../common/attributes';
import type { ItemFormValues, ItemRecord } from './itemForm';

/** The item save's steps in order: the numbers their commands' X-Fahrplan-Source names. */
const stepNumber = { item: 1, comment: 2 } as const;

/** The X-Fahrplan-Source of a step's command, e.g. `flow:save-item/step-1`. */
export const itemStepSource = (step: keyof typeof stepNumber): string =>
  flowSource('save-item', stepNumber[step]);

export interface ItemSaveInput {
  values: ItemFormValues;
  /** What the server has (the dialog's initial values), for an update's changed fields. */
  before: ItemFormValues;
  record: ItemRecord | null;
  /** The tenant's task attribute schema the form's attributes follow. */
  definitions: readonly AttributeDefinition[];
  /** After the item was saved (so a retry continues with the comment only). */
  onSaved: (record: ItemRecord) => void;
  onCommentCreated: () => void;
}

/**
 * §2 item save: SaveItem with the version the user saw (a new item ranked after its group's last one),
 * then the comment if text was entered. Each step keeps its Idempotency-Key until it succeeds.
 */
export function useItemSaveFlow() {
  const { t } = useTranslation('items');
  const failed: Record<keyof typeof stepNumber, string> = {
    item: t('save.itemFailed'),
    comment: t('save.commentFailed'),
  };
  const [saveItem] = useSaveItemMutation();
  const [createComment] = useCreateItemCommentMutation();
  const [fetchLastRanked] = useLazyGetLastRankedItemQuery();
  const withKey = useIdempotencyKeys();
  // the rank chosen for a new item stays the same on a retry, so the retry reuses its Idempotency-Key
  const ranked = useRef<{ group: number; rank: string | null } | null>(null);

  const step = saveStepSender(
    withKey,
    (name: keyof typeof stepNumber) => name,
    itemStepSource,
    (name) => ({
      failed: failed[name],
    }),
  );

  /** §9 the new item's rank; null lets the server rank it (e.g. while it cannot list the group's items). */
  const rankFor = async (group: number | null): Promise<string | null> => {
    if (group === null) return null;
    if (ranked.current?.group === group) return ranked.current.rank;
    const rank = await fetchLastRanked(group)
      .unwrap()
      .then((page) => rankForNewItem(page.items.map((i) => i.rank)))
      .catch(() => null);
    ranked.current = { group, rank };
    return rank;
  };

  return async ({ values, before, record: saved, definitions, onSaved, onCommentCreated }: ItemSaveInput) => {
    let record = saved;
    if (!record || itemFieldsChanged(values, before, definitions)) {
      const rank = record ? null : await rankFor(values.group);
      const data = toSaveCommand(values, record, record ? before : null, rank, definitions);
      const result = await step('item', data, (idempotencyKey, source) =>
        saveItem({ data, idempotencyKey, source }).unwrap(),
      );
      record = { id: result.id, version: result.version };
      onSaved(record);
    }
    const description = trimText(values.comment);
    if (description) {
      const comment = { refType: 'task' as const, refId: record.id, description };
      await step('comment', comment, (idempotencyKey, source) =>
        createComment({ data: comment, idempotencyKey, source }).unwrap(),
      );
      onCommentCreated();
    }
    return record;
  };
}
