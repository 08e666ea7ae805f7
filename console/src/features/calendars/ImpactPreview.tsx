import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { serverToUiDate } from '@fahrplan/contracts';
import type { CalendarPreviewAnswer } from '@fahrplan/contracts';
import { LoadMore, morePages } from '../common/LoadMore';
import { TableHeader } from '../common/TableHeader';
import { TableLoad } from '../common/AdminTable';
import { ConfirmDialog } from '../record-dialog/FormDialog';
import { useGetCalendarPreviewInfiniteQuery } from './calendarsApi';
import type { PreviewRequest } from './calendarsApi';
import { changedDaysText, formatDays, formatDelta, itemDates, projectTitles } from './previewFormat';

/** The projects' totals, the affected items of the pages loaded, and the milestones that move. */
function PreviewTables({ pages }: { pages: readonly CalendarPreviewAnswer[] }) {
  const { t, i18n } = useTranslation('calendars');
  const locale = i18n.language;
  const titles = projectTitles(pages);
  const projects = [...new Map(pages.flatMap((page) => page.projects.map((p) => [p.project, p]))).values()];
  const milestones = pages[0]?.milestones ?? [];
  const projectOf = (id: number) => titles.get(id) ?? `#${id}`;
  const days = (before: number, after: number) =>
    t('preview.beforeAfter', { before: formatDays(before, locale), after: formatDays(after, locale) });
  return (
    <>
      <Title order={3} size="h5">
        {t('preview.projects')}
      </Title>
      <Table verticalSpacing={4} aria-label={t('preview.projects')} data-testid="preview-projects">
        <TableHeader
          cells={[
            t('preview.project'),
            { label: t('preview.items'), ta: 'right' },
            { label: t('preview.delta'), ta: 'right' },
          ]}
        />
        <Table.Tbody>
          {projects.map((project) => (
            <Table.Tr key={project.project}>
              <Table.Td>{project.title}</Table.Td>
              <Table.Td ta="right">{project.items}</Table.Td>
              <Table.Td ta="right">{formatDelta(project.delta, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">
        {t('preview.itemsTitle')}
      </Title>
      <Table verticalSpacing={4} aria-label={t('preview.itemsTitle')} data-testid="preview-items">
        <TableHeader
          cells={[t('preview.item'), t('preview.project'), t('preview.dates'), t('preview.workingDays')]}
        />
        <Table.Tbody>
          {pages.flatMap((page) =>
            page.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.title}</Table.Td>
                <Table.Td>{projectOf(item.project)}</Table.Td>
                <Table.Td>{itemDates(item.start, item.end)}</Table.Td>
                <Table.Td>{days(item.before, item.after)}</Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
      {milestones.length > 0 && (
        <>
          <Title order={3} size="h5">
            {t('preview.milestones')}
          </Title>
          <Table verticalSpacing={4} aria-label={t('preview.milestones')} data-testid="preview-milestones">
            <TableHeader cells={[t('preview.milestone'), t('preview.project'), t('preview.moves')]} />
            <Table.Tbody>
              {milestones.map((milestone) => (
                <Table.Tr key={milestone.id}>
                  <Table.Td>{milestone.title}</Table.Td>
                  <Table.Td>{projectOf(milestone.project)}</Table.Td>
                  <Table.Td>
                    {t('preview.beforeAfter', {
                      before: serverToUiDate(milestone.before.slice(0, 10)),
                      after: serverToUiDate(milestone.after.slice(0, 10)),
                    })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </>
  );
}

/** The first page's summary: the days changed, the items and projects they reach, the milestones moved. */
function PreviewSummary({ first }: { first: CalendarPreviewAnswer }) {
  const { t, i18n } = useTranslation('calendars');
  const { totals, milestones, changedDayCount } = first;
  return (
    <>
      <Text size="sm">
        {t('preview.summary', {
          days: changedDayCount,
          items: totals.items,
          projects: totals.projects,
          delta: formatDelta(totals.delta, i18n.language),
          milestones: milestones.length,
        })}
      </Text>
      <Text size="xs" c="dimmed" data-testid="preview-days">
        {changedDaysText(first, t('preview.more'), i18n.language)}
      </Text>
      {!first.milestonesComplete && (
        <Alert color="yellow" variant="light">
          {t('preview.milestonesIncomplete')}
        </Alert>
      )}
    </>
  );
}

/**
 * What a calendar change (or a project's switch of calendar) would do before it is saved: the projects'
 * totals, the items whose working days change (page after page) and the milestones automatic scheduling
 * would move. Confirm saves; Cancel goes back to editing.
 */
export function ImpactPreview({
  request,
  busy,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  request: PreviewRequest;
  busy: boolean;
  /** What Confirm says, when it does not save at once (a project dialog takes the choice into its form). */
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('calendars');
  const query = useGetCalendarPreviewInfiniteQuery(request);
  const { data, isLoading, isError, error } = query;
  const first = data?.pages[0];
  return (
    <ConfirmDialog
      title={t('preview.title')}
      size="xl"
      color="blue"
      confirmLabel={confirmLabel ?? t('preview.confirm')}
      busy={busy || isLoading}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <TableLoad what={t('preview.what')} isLoading={isLoading} isError={isError} error={error}>
        {first && (
          <Stack gap="xs" data-testid="calendar-preview">
            {first.totals.items === 0 && first.milestones.length === 0 ? (
              <Alert color="gray" variant="light">
                {t('preview.nothing', { count: first.changedDayCount })}
              </Alert>
            ) : (
              <>
                <PreviewSummary first={first} />
                <PreviewTables pages={data.pages} />
                <LoadMore {...morePages(query)} label={t('preview.moreItems')} />
              </>
            )}
          </Stack>
        )}
      </TableLoad>
    </ConfirmDialog>
  );
}
