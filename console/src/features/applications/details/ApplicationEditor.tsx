import { useMemo, useState } from 'react';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { can } from '@fahrplan/contracts';
import type { ApplicationView, MeView } from '@fahrplan/contracts';
import { useGetAccountQuery } from '../../accounts/accountsApi';
import { notifySuccess } from '../../common/notify';
import { useLazyGetApplicationQuery } from '../applicationsApi';
import { applicationFormValidator, applicationPart, sameValues, toFormValues } from './applicationForm';
import type { ApplicationRecord } from './applicationForm';
import { CommentsTab } from './CommentsTab';
import { DeleteApplication } from './DeleteApplication';
import { DetailsTab } from './DetailsTab';
import { EditorDialog, useEditorSave } from '../../record-dialog/EditorChrome';
import { useRecordForm } from '../../record-dialog/useRecordForm';
import { referenceNames } from '../../record-dialog/referenceNames';
import { ApplicationNames } from '../ApplicationPicker';
import { FinanceTab } from './FinanceTab';
import { OverviewTab } from './OverviewTab';
import { ProjectsTab } from './ProjectsTab';
import { useApplicationSaveFlow } from './useApplicationSaveFlow';
import { tabsWithErrors } from '../../record-dialog/fieldErrors';
import { applyFieldErrors, tabOf } from './applicationFieldErrors';
import { takeServerValues } from '../../record-dialog/takeServerValues';

interface Props {
  /** The application to show, null for a new one. */
  app: ApplicationView | null;
  /** Preselected parent of a new application. */
  parent: number | null;
  me: MeView;
  onClose: () => void;
}

const applicationReferences = referenceNames({ parent: ApplicationNames });

export function ApplicationEditor({ app, parent, me, onClose }: Props) {
  const { t } = useTranslation('applications');
  const definitions = me.applicationAttributes;
  const [openedAsNew] = useState(app === null);
  const [initialValues] = useState(() => toFormValues(app, definitions, parent));
  const validate = useMemo(() => applicationFormValidator(definitions), [definitions]);
  const { form, compare } = useRecordForm({
    kind: 'application',
    id: app?.id ?? null,
    initialValues,
    validate,
    toValues: (now: ApplicationView) => toFormValues(now, definitions),
    ignore: ['addAccount', 'comment'],
    formatField: applicationReferences,
  });

  const [record, setRecord] = useState<ApplicationRecord | null>(
    app && { id: app.id, version: app.version, account: app.account },
  );
  const [storedAttributes, setStoredAttributes] = useState<ApplicationView['attributes']>(
    app?.attributes ?? [],
  );
  const runSaveFlow = useApplicationSaveFlow();
  const [fetchApplication, { isFetching: reloading }] = useLazyGetApplicationQuery();

  const finance = me.features.financialPlanning;
  const account = useGetAccountQuery(finance && record?.account != null ? record.account : skipToken);
  const wide = (account.data?.entries.length ?? 0) > 0;

  const isNew = record === null;
  const editable = isNew
    ? can(me.permissions, 'application-details', 'CREATE')
    : can(me.permissions, 'application-details', 'EDIT') && !(app?.shared ?? false);
  const values = form.getValues();
  const saved = form.getInitialValues();
  const changed = !sameValues(values, saved);
  const title = isNew
    ? t('dialog.new')
    : t('dialog.showNamed', { name: [saved.name, saved.release].filter(Boolean).join(' ') });
  const errorTabs = tabsWithErrors(form.errors, tabOf);

  const { saving, leave, confirm, footer } = useEditorSave({
    form,
    editable,
    changed,
    save: async () => {
      const submitted = form.getValues();
      await runSaveFlow({
        values: submitted,
        definitions,
        record,
        applicationChanged: !sameValues(applicationPart(submitted), applicationPart(form.getInitialValues())),
        storedAttributes,
        onRecord: (next, step) => {
          setRecord(next);
          const base = form.getInitialValues();
          form.setInitialValues(
            step === 'application'
              ? { ...submitted, addAccount: base.addAccount, comment: base.comment }
              : { ...base, addAccount: submitted.addAccount },
          );
        },
        onCommentCreated: () => {
          form.setInitialValues({ ...form.getInitialValues(), comment: '' });
          form.setFieldValue('comment', '');
        },
      });
      notifySuccess(openedAsNew ? t('dialog.created') : t('dialog.saved'));
      onClose();
    },
    onSaveError: (e) => applyFieldErrors(form, e),
    /** After a 409: take the current version from the server; the choices (account, comment) stay. */
    reload:
      record &&
      (async () => {
        const fresh = await fetchApplication(record.id).unwrap();
        takeServerValues(form, toFormValues(fresh, definitions), ['addAccount', 'comment']);
        setRecord({ id: fresh.id, version: fresh.version, account: fresh.account });
        setStoredAttributes(fresh.attributes);
      }),
    reloading,
  });
  const requestClose = () => leave(onClose);

  return (
    <EditorDialog
      stackId="application"
      title={title}
      size={wide ? 1100 : 'xl'}
      onClose={requestClose}
      tabs={[['projects', t('projects.tab')]]}
      finance={finance}
      history={{ category: 'application', id: record?.id ?? null, me, leave }}
      errorTabs={errorTabs}
      footer={{
        ...footer,
        leading: editable && record && (
          <DeleteApplication record={record} name={app?.name ?? ''} disabled={saving} onDeleted={onClose} />
        ),
      }}
      confirm={confirm}
      notice={compare.notice}
    >
      <Tabs.Panel value="overview">
        <OverviewTab form={form} editable={editable} />
      </Tabs.Panel>
      <Tabs.Panel value="details">
        <DetailsTab
          form={form}
          editable={editable}
          selfId={record?.id ?? null}
          parentName={app?.parentName ?? null}
          me={me}
          isAdmin={can(me.permissions, 'admin', 'VIEW')}
        />
      </Tabs.Panel>
      <Tabs.Panel value="projects">
        <ProjectsTab hermes={me.features.hermes} applicationId={record?.id ?? null} alm={me.features.alm} />
      </Tabs.Panel>
      {finance && (
        <Tabs.Panel value="finance">
          <FinanceTab form={form} editable={editable} accountId={record?.account ?? null} account={account} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="comments">
        <CommentsTab form={form} editable={editable} applicationId={record?.id ?? null} />
      </Tabs.Panel>
    </EditorDialog>
  );
}
