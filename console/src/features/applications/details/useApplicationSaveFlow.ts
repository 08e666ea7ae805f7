import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { trimText } from '@fahrplan/contracts';
import type { ApplicationView } from '@fahrplan/contracts';
import { flowSource } from '../../api/commands';
import { useCreateAccountMutation } from '../../accounts/accountsApi';
import { useCreateCommentMutation } from '../../comments/commentsApi';
import { useSaveApplicationMutation } from '../applicationsApi';
import { toSaveCommand } from './applicationForm';
import { useIdempotencyKeys } from '../../record-dialog/idempotencyKeys';
import { saveStepSender } from '../../record-dialog/SaveStepError';
import type { ApplicationFormValues, ApplicationRecord, AttributeDefinition } from './applicationForm';

export type SaveStep = 'application' | 'account' | 'storeAccount' | 'comment';

/** §4 order of the application save: the step numbers its commands' X-Fahrplan-Source names. */
const stepNumber: Record<SaveStep, number> = { application: 1, account: 2, storeAccount: 3, comment: 4 };

/** The X-Fahrplan-Source of a step's command, e.g. `flow:save-application/step-1`. */
export const applicationStepSource = (step: SaveStep): string =>
  flowSource('save-application', stepNumber[step]);

export interface SaveFlowInput {
  values: ApplicationFormValues;
  definitions: readonly AttributeDefinition[];
  /** The saved record, null for a new application. */
  record: ApplicationRecord | null;
  /** Whether the application's own fields differ from the saved record. */
  applicationChanged: boolean;
  storedAttributes: ApplicationView['attributes'];
  /** Called after each step that moved the record (so a retry continues from there). */
  onRecord: (record: ApplicationRecord, step: SaveStep) => void;
  onCommentCreated: () => void;
}

/**
 * §4 application save: save (create or update with version); with add-account chosen, an asset number
 * and no account, create the account and store it on the application; then post a non-empty comment.
 * Each step keeps its Idempotency-Key until it succeeds, so retrying the same step reuses it.
 */
export function useApplicationSaveFlow() {
  const { t } = useTranslation('applications');
  const [saveApplication] = useSaveApplicationMutation();
  const [createAccount] = useCreateAccountMutation();
  const [createComment] = useCreateCommentMutation();
  const withKey = useIdempotencyKeys();
  /** An account created by a step whose follow-up (storing it) has not succeeded yet. */
  const unstoredAccount = useRef<{ refId: number; id: number } | null>(null);

  const step = saveStepSender(
    withKey,
    (name: SaveStep) => name,
    applicationStepSource,
    (name: SaveStep) => ({
      failed: t(`saveFailed.${name}`),
    }),
  );

  const run = async (input: SaveFlowInput): Promise<ApplicationRecord> => {
    const { values, definitions } = input;
    let record = input.record;

    if (!record || input.applicationChanged) {
      const data = toSaveCommand(values, definitions, record, input.storedAttributes);
      const saved = await step('application', data, (idempotencyKey, source) =>
        saveApplication({ data, idempotencyKey, source }).unwrap(),
      );
      record = { id: saved.id, version: saved.version, account: record?.account ?? null };
      input.onRecord(record, 'application');
    }

    if (values.addAccount && trimText(values.assetNr) && record.account === null) {
      const refId = record.id;
      let accountId = unstoredAccount.current?.refId === refId ? unstoredAccount.current.id : null;
      if (accountId === null) {
        const account = { refType: 'application' as const, refId };
        const created = await step('account', account, (idempotencyKey, source) =>
          createAccount({ data: account, idempotencyKey, source }).unwrap(),
        );
        accountId = created.id;
        unstoredAccount.current = { refId, id: accountId };
      }
      const data = { id: refId, version: record.version, account: accountId };
      const saved = await step('storeAccount', data, (idempotencyKey, source) =>
        saveApplication({ data, idempotencyKey, source }).unwrap(),
      );
      unstoredAccount.current = null;
      record = { id: refId, version: saved.version, account: accountId };
      input.onRecord(record, 'storeAccount');
    }

    const description = trimText(values.comment);
    if (description) {
      const comment = { refType: 'application' as const, refId: record.id, description };
      await step('comment', comment, (idempotencyKey, source) =>
        createComment({ data: comment, idempotencyKey, source }).unwrap(),
      );
      input.onCommentCreated();
    }
    return record;
  };

  return run;
}
