import { useMemo, useState } from 'react';
import { Group, Tabs, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can, parseTrackerRepositoryId } from '@fahrplan/contracts';
import type { GoalView, GroupDetailsView, MeView } from '@fahrplan/contracts';
import { EditorDialog, useEditorSave } from '../../record-dialog/EditorChrome';
import { useRecordForm } from '../../record-dialog/useRecordForm';
import { referenceNames } from '../../record-dialog/referenceNames';
import { ApplicationNames } from '../../applications/ApplicationPicker';
import { ResourceNames } from '../../resources/ResourceSelect';
import { ProjectNames } from '../ProjectPicker';
import { tabsWithErrors } from '../../record-dialog/fieldErrors';
import { SaveStepError } from '../../record-dialog/SaveStepError';
import { notifyError, notifySuccess } from '../../common/notify';
import { IssueBadgeOf } from '../../tracker/TrackerIssueSummary';
import { DeleteProject } from './DeleteProject';
import { SummaryPdfButton } from '../../printouts/SummaryPdfButton';
import { KeyFiguresTab } from './KeyFiguresTab';
import { ProjectDetailsTab } from './ProjectDetailsTab';
import { ProjectCommentsTab, ProjectFinanceTab } from './ProjectLazyTabs';
import { ProjectOverviewTab } from './ProjectOverviewTab';
import { StrategyTab } from './StrategyTab';
import { useGetGoalsQuery, useLazyGetProjectQuery } from './projectDetailsApi';
import { projectFormValidator, sameValues, toFormValues } from './projectForm';
import type { ProjectFormValues, ProjectRecord } from './projectForm';
import { strategyEntries, strategyText } from './goalTree';
import { keyFigureEntries } from './keyFigures';
import type { RatingValues, StrategyValue } from './tabTypes';
import { useProjectSaveFlow } from './useProjectSaveFlow';
import { today } from '../../common/dateTime';
import { takeServerValues } from '../../record-dialog/takeServerValues';

interface Props {
  /** The project to show, null for a new one. */
  group: GroupDetailsView | null;
  /** Preselected application of a new project. */
  application: number | null;
  me: MeView;
  onClose: () => void;
  /** Opens another project (a subproject), after the leave confirmation if needed. */
  onOpenProject: (id: number) => void;
}

const tabOfField: Record<string, string> = {
  title: 'overview',
  description: 'overview',
  start: 'overview',
  end: 'overview',
  status: 'overview',
  contact: 'overview',
  projectNr: 'overview',
  shortname: 'overview',
  art: 'overview',
  phase: 'overview',
  klasse: 'overview',
  healthStatus: 'overview',
  rating: 'kpi',
  strategy: 'strategy',
  comment: 'comments',
};
/** The tab of a field with an error (the fields not listed are on the details tab). */
const tabOf = (path: string) => tabOfField[path.split('.')[0] ?? path] ?? 'details';

/**
 * A failed save's field errors onto the form; a failed share also at the chips, and as a §8 notice.
 * Returns the fields it marked.
 */
const showSaveError = (form: UseFormReturnType<ProjectFormValues>, e: unknown): string[] => {
  const marked: string[] = [];
  if (e instanceof SaveStepError && e.step === 'project')
    for (const fieldError of e.problem?.errors ?? []) {
      form.setFieldError(fieldError.field, fieldError.message);
      marked.push(fieldError.field);
    }
  // a failed share names its tenant at the chips too, and is a §8 notice ('tenant not found',
  // 'tenant invalid', the missing share)
  if (e instanceof SaveStepError && /^(un)?share:/.test(e.step)) {
    form.setFieldError('shareWith', e.message);
    marked.push('shareWith');
    notifyError(e.message);
  }
  return marked;
};

const noGoals: GoalView[] = [];

/** A saved project's title: its name, its tracker issue, and who shares it (null: our own). */
function ProjectTitle({ saved, sharedBy }: { saved: ProjectFormValues; sharedBy: string | null }) {
  const { t } = useTranslation('projects');
  return (
    <Group gap={6} component="span">
      <span>{t('dialog.title', { title: saved.title })}</span>
      <IssueBadgeOf
        issueKey={saved.jiraid}
        connectionId={parseTrackerRepositoryId(saved.jiraRepoId)?.connectionId ?? null}
        withKey
      />
      {sharedBy !== null && (
        <Tooltip label={t('table.sharedBy', { tenant: sharedBy })}>
          <IconLink size={16} aria-label={t('table.sharedBy', { tenant: sharedBy })} />
        </Tooltip>
      )}
    </Group>
  );
}

const projectReferences = referenceNames({
  parent: ProjectNames,
  applications: ApplicationNames,
  resource: ResourceNames,
});

/** The project's form, and how Compare with now names its goals and key figures. */
function useProjectForm(
  group: GroupDetailsView | null,
  application: Props['application'],
  definitions: Props['me']['projectAttributes'],
) {
  const { t } = useTranslation('projects');
  const [initialValues] = useState(() => toFormValues(group, today(), application, definitions));
  const validate = useMemo(() => projectFormValidator(t, definitions), [t, definitions]);
  const goals = useGetGoalsQuery().data?.items ?? noGoals;
  const recordForm = useRecordForm({
    kind: 'project',
    id: group?.id ?? null,
    initialValues,
    validate,
    toValues: (now: GroupDetailsView) => toFormValues(now, today(), null, definitions),
    ignore: ['addAccount', 'comment'],
    // the goals by their names, as the strategy tab lists them; references as their pickers
    formatField: (field, value) =>
      field === 'strategy' ? strategyText(value as StrategyValue, goals, t) : projectReferences(field, value),
    // the key figures and goals element by element, by their sliders' labels and the goals' paths
    listEntries: (field, asOf, now) =>
      field === 'rating'
        ? keyFigureEntries(asOf as RatingValues, now as RatingValues, t)
        : field === 'strategy'
          ? strategyEntries(asOf as StrategyValue, now as StrategyValue, goals, t)
          : null,
  });
  return { ...recordForm, goals };
}

export function ProjectEditor({ group, application, me, onClose, onOpenProject }: Props) {
  const { t } = useTranslation('projects');
  const [openedAsNew] = useState(group === null);
  const definitions = me.projectAttributes;
  const { form, compare, goals } = useProjectForm(group, application, definitions);
  const [record, setRecord] = useState<ProjectRecord | null>(
    group && { id: group.id, version: group.version, account: group.account },
  );
  const runSaveFlow = useProjectSaveFlow();
  const [fetchProject, { isFetching: reloading }] = useLazyGetProjectQuery();

  const shared = group?.shared ?? false;
  const isNew = record === null;
  const editable = isNew
    ? can(me.permissions, 'group-details', 'CREATE')
    : can(me.permissions, 'group-details', 'EDIT') && !shared;
  const admin = can(me.permissions, 'admin', 'VIEW');
  const values = form.getValues();
  const saved = form.getInitialValues();
  const changed = !sameValues(values, saved);
  const errorTabs = tabsWithErrors(form.errors, tabOf);

  const { leave, confirm, footer } = useEditorSave({
    form,
    editable,
    changed,
    dirty: editable && !shared && changed,
    subject: 'project',
    save: async (done) => {
      await runSaveFlow({
        values: form.getValues(),
        before: form.getInitialValues(),
        record,
        definitions,
        onStep: (progress) => {
          setRecord(progress.record);
          // the new-comment box empties once its comment is posted; it starts empty again
          form.setInitialValues({ ...progress.before, comment: '' });
          if (progress.step.step === 'comment') form.setFieldValue('comment', '');
          done(progress.done);
        },
      });
      notifySuccess(openedAsNew ? t('dialog.created') : t('dialog.saved'));
      onClose();
    },
    onSaveError: (e) => showSaveError(form, e),
    /** After a 409: take the current version from the server; the choices (shares, goals, account, comment) stay. */
    reload:
      record &&
      (async () => {
        const fresh = await fetchProject(record.id).unwrap();
        takeServerValues(form, toFormValues(fresh, today(), null, definitions), [
          'shareWith',
          'strategy',
          'addAccount',
          'comment',
        ]);
        setRecord({ id: fresh.id, version: fresh.version, account: fresh.account });
      }),
    reloading,
  });

  const finance = me.features.financialPlanning;

  return (
    <EditorDialog
      stackId="project"
      title={
        isNew ? (
          t('dialog.newTitle')
        ) : (
          <ProjectTitle saved={saved} sharedBy={shared ? (group?.tenant ?? '') : null} />
        )
      }
      size="xl"
      onClose={() => leave(onClose)}
      tabs={[
        ['kpi', t('dialog.keyFigures')],
        ['strategy', t('dialog.strategy')],
      ]}
      finance={finance}
      history={{ category: 'group', id: record?.id ?? null, me, leave, shared }}
      errorTabs={errorTabs}
      footer={{
        ...footer,
        leading: record && group && (
          <Group gap="xs">
            {editable && (
              <DeleteProject group={group} record={record} disabled={footer.saving} onDeleted={onClose} />
            )}
            <SummaryPdfButton projectId={record.id} />
          </Group>
        ),
      }}
      confirm={confirm}
      notice={compare.notice}
    >
      <Tabs.Panel value="overview">
        <ProjectOverviewTab
          form={form}
          editable={editable}
          agileLifecycle={me.features.agileLifecycle}
          sharedProject={shared ? (group?.id ?? null) : null}
        />
      </Tabs.Panel>
      <Tabs.Panel value="details">
        <ProjectDetailsTab
          form={form}
          editable={editable}
          group={group}
          selfId={record?.id ?? null}
          alm={me.features.alm}
          canShare={can(me.permissions, 'group-shares', 'EDIT')}
          admin={admin}
          superuser={can(me.permissions, 'group-details-system', 'EDIT')}
          onOpenProject={(id) => leave(() => onOpenProject(id))}
          attributes={definitions}
        />
      </Tabs.Panel>
      <Tabs.Panel value="kpi">
        <KeyFiguresTab
          value={form.values.rating}
          onChange={(next) => form.setFieldValue('rating', next)}
          editable={editable}
          admin={admin}
        />
      </Tabs.Panel>
      <Tabs.Panel value="strategy">
        <StrategyTab
          goals={goals}
          value={form.values.strategy}
          onChange={(next) => form.setFieldValue('strategy', next)}
          editable={editable}
        />
      </Tabs.Panel>
      {finance && (
        <Tabs.Panel value="finance">
          <ProjectFinanceTab form={form} editable={editable} accountId={record?.account ?? null} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="comments">
        <ProjectCommentsTab form={form} editable={editable} projectId={record?.id ?? null} />
      </Tabs.Panel>
    </EditorDialog>
  );
}
