import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Tabs } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { can, parseTrackerRepositoryId } from '@fahrplan/contracts';
import type { ItemView, MeView } from '@fahrplan/contracts';
import { FormCommentsPane } from '../record-dialog/CommentsPane';
import { EditorDialog, useEditorSave } from '../record-dialog/EditorChrome';
import { useRecordForm } from '../record-dialog/useRecordForm';
import { tabsWithErrors } from '../record-dialog/fieldErrors';
import { SaveStepError } from '../record-dialog/SaveStepError';
import { notifySuccess } from '../common/notify';
import { IssueBadgeOf } from '../tracker/TrackerIssueSummary';
import { DeleteItem } from './DeleteItem';
import { ItemDetailsTab } from './ItemDetailsTab';
import { ItemOverviewTab } from './ItemOverviewTab';
import type { ItemForm } from './ItemOverviewTab';
import { useGetCommentsInfiniteQuery } from '../comments/commentsApi';
import { useLazyGetItemQuery } from './itemsApi';
import { ProjectNames, useProjects } from '../projects/ProjectPicker';
import { ResourceNames } from '../resources/ResourceSelect';
import { referenceNames } from '../record-dialog/referenceNames';
import {
  itemDialogTitle,
  itemFormValidator,
  sameValues,
  toFormValues,
  withProjectRepository,
} from './itemForm';
import type { IssueGroup, ItemGroup, ItemRecord, NewItemRequest } from './itemForm';
import { useItemSaveFlow } from './useItemSaveFlow';
import { takeServerValues } from '../record-dialog/takeServerValues';

interface Props {
  /** The item to show, null for a new one. */
  item: ItemView | null;
  /** What a new item starts from. */
  request: NewItemRequest | null;
  /** The projects the dialog loaded: the item's own, or the one a new item starts in. */
  groups: readonly ItemGroup[];
  /** Whether the item's project is one of the user's own (items of shared projects are read-only). */
  ownGroup: boolean;
  issueGroups: readonly IssueGroup[];
  me: MeView;
  onClose: () => void;
}

const tabOfField: Record<string, string> = {
  docUrl: 'details',
  resource: 'details',
  jiraid: 'details',
  jiragroup: 'details',
  type: 'details',
  className: 'details',
  attributes: 'details',
  comment: 'comments',
};
const tabOf = (path: string) => tabOfField[path.split('.')[0] ?? path] ?? 'overview';

/** §2 comments of the item (refType task), loaded when the tab is first shown. */
function ItemCommentsTab({
  form,
  editable,
  itemId,
}: {
  form: ItemForm;
  editable: boolean;
  itemId: number | null;
}) {
  const query = useGetCommentsInfiniteQuery(itemId === null ? skipToken : { refType: 'task', refId: itemId });
  return <FormCommentsPane form={form} editable={editable} query={query} />;
}

/** The item details dialog (§2): overview, details, comments; saving as §2/§4 say. */
const itemReferences = referenceNames({ group: ProjectNames, resource: ResourceNames });

export function ItemEditor({ item, request, groups, ownGroup, issueGroups, me, onClose }: Props) {
  const { t } = useTranslation('items');
  const [openedAsNew] = useState(item === null);
  const definitions = me.taskAttributes;
  const [initialValues] = useState(() => toFormValues(item, request, groups, definitions));
  const validate = useMemo(() => itemFormValidator(t, definitions), [t, definitions]);
  const { form, compare } = useRecordForm({
    kind: 'item',
    id: item?.id ?? null,
    initialValues,
    validate,
    toValues: (now: ItemView) => toFormValues(now, null, groups, definitions),
    ignore: ['comment'],
    formatField: itemReferences,
  });
  const [record, setRecord] = useState<ItemRecord | null>(item && { id: item.id, version: item.version });
  const runSaveFlow = useItemSaveFlow();
  const [fetchItem, { isFetching: reloading }] = useLazyGetItemQuery();

  const isNew = record === null;
  const editable = isNew
    ? can(me.permissions, 'items', 'CREATE')
    : can(me.permissions, 'items', 'EDIT') && ownGroup;
  const values = form.getValues();
  const saved = form.getInitialValues();
  const errorTabs = tabsWithErrors(form.errors, tabOf);
  // the projects of the form and of the saved item, looked up by id; the dialog's own ones meanwhile
  const found = useProjects([form.values.group, saved.group].filter((id) => id !== null));
  const groupOf = (id: number | null) => [...found, ...groups].find((g) => g.id === id) ?? null;
  const group = groupOf(form.values.group);
  const savedGroup = groupOf(saved.group);

  const { leave, confirm, footer } = useEditorSave({
    form,
    editable,
    changed: !sameValues(values, saved),
    subject: 'item',
    save: async (done) => {
      await runSaveFlow({
        values: withProjectRepository(form.getValues(), group),
        before: form.getInitialValues(),
        record,
        definitions,
        onSaved: (next) => {
          setRecord(next);
          // the item is saved as it is now; only the comment may still be pending
          form.setInitialValues({ ...form.getValues(), comment: '' });
          done(openedAsNew && !record ? t('saved.itemCreated') : t('saved.itemSaved'));
        },
        onCommentCreated: () => {
          form.setFieldValue('comment', '');
          form.setInitialValues({ ...form.getValues(), comment: '' });
        },
      });
      notifySuccess(
        openedAsNew
          ? values.milestone
            ? t('saved.milestoneCreated')
            : t('saved.itemCreated')
          : t('saved.itemSaved'),
      );
      onClose();
    },
    onSaveError: (e) => {
      if (!(e instanceof SaveStepError)) return [];
      return (e.problem?.errors ?? []).map((fieldError) => {
        const path = e.step === 'comment' ? 'comment' : fieldError.field;
        form.setFieldError(path, fieldError.message);
        return path;
      });
    },
    /** After a 409: the current version from the server; the new comment stays. */
    reload:
      record &&
      (async () => {
        const fresh = await fetchItem(record.id).unwrap();
        takeServerValues(form, toFormValues(fresh, null, [], definitions), ['comment']);
        setRecord({ id: fresh.id, version: fresh.version });
      }),
    reloading,
  });

  return (
    <EditorDialog
      stackId="item"
      title={
        <Group gap={8} component="span" wrap="nowrap">
          <span>{itemDialogTitle(t, isNew, isNew ? values : saved)}</span>
          {!isNew && (
            <IssueBadgeOf
              issueKey={saved.jiraid}
              connectionId={
                parseTrackerRepositoryId(savedGroup?.jirarepo?.id ?? saved.jiragroup)?.connectionId ?? null
              }
              withKey
            />
          )}
        </Group>
      }
      size="xl"
      onClose={() => leave(onClose)}
      tabs={[]}
      finance={false}
      history={{ category: 'item', id: record?.id ?? null, me, leave, shared: !ownGroup }}
      errorTabs={errorTabs}
      footer={{
        ...footer,
        leading: editable && record && (
          <DeleteItem
            record={record}
            title={saved.title}
            milestone={saved.milestone}
            disabled={footer.saving}
            onDeleted={onClose}
          />
        ),
      }}
      confirm={confirm}
      notice={compare.notice}
    >
      <Tabs.Panel value="overview">
        <ItemOverviewTab form={form} editable={editable} group={group} itemId={record?.id ?? null} />
      </Tabs.Panel>
      <Tabs.Panel value="details">
        <ItemDetailsTab
          form={form}
          editable={editable}
          group={group}
          issueGroups={issueGroups}
          attributes={definitions}
          superuser={can(me.permissions, 'item-details-system', 'EDIT')}
          itemId={record?.id ?? null}
        />
      </Tabs.Panel>
      <Tabs.Panel value="comments">
        <ItemCommentsTab form={form} editable={editable} itemId={record?.id ?? null} />
      </Tabs.Panel>
    </EditorDialog>
  );
}
