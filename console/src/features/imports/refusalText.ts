import type { TFunction } from 'i18next';
import type { ImportRefusal } from '@fahrplan/contracts';

/**
 * A refusal in the user's language, by its code: the column and the cell's text in a sentence of the
 * console's catalogue; a schema's own message (`invalid`) or an unknown code as the server said it.
 */
export const refusalText = (t: TFunction<'imports'>, refusal: ImportRefusal): string => {
  const column = refusal.column ?? '';
  const value = refusal.value ?? '';
  const texts: Record<string, () => string> = {
    'unknown-id': () => t('refusalCode.unknownId', { column, value }),
    deleted: () => t('refusalCode.deleted', { column, value }),
    'ambiguous-name': () => t('refusalCode.ambiguousName', { column, value }),
    'twice-in-file': () => t('refusalCode.twiceInFile', { column }),
    'not-listed': () => t('refusalCode.notListed', { column, value }),
    'not-a-number': () => t('refusalCode.notANumber', { column, value }),
    'not-a-date': () => t('refusalCode.notADate', { column, value }),
    'not-a-boolean': () => t('refusalCode.notABoolean', { column, value }),
    'parent-cycle': () => t('refusalCode.parentCycle', { column }),
  };
  const text = refusal.code === undefined ? undefined : texts[refusal.code];
  const needsValue = refusal.code !== 'twice-in-file' && refusal.code !== 'parent-cycle';
  if (text && (refusal.value !== undefined || !needsValue)) return text();
  return refusal.column ? t('refusal', { column: refusal.column, reason: refusal.reason }) : refusal.reason;
};
