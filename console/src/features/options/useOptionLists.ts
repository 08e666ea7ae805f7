import { defaultOptionLists } from '@fahrplan/contracts';
import type { OptionLists } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectMe } from '../session/selectMe';

/**
 * The signed-in tenant's option lists (issue 19), as /api/me answered them; the defaults before it has,
 * so that a screen never shows bare codes while it loads.
 */
export const useOptionLists = (): OptionLists => useAppSelector(selectMe)?.optionLists ?? defaultOptionLists;
