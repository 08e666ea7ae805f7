import { Get, Inject, Param, StreamableFile } from '@nestjs/common';
import { notFound } from '@fahrplan/contracts';
import { meView } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import type { AsOfLimit } from '../as-of/as-of-limit';
import { asOfContext } from '../as-of/as-of-stores';
import type { AsOfStores } from '../as-of/as-of-stores';
import { findBaseline } from '../baselines/baseline-reader';
import { rulesOfProjectIds } from '../calendars/calendar-book';
import { answered } from '../http/json-text';
import { AS_OF_LIMIT, AS_OF_STORES } from '../http/tokens';
import { requireView } from '../http/query-helpers';
import { fieldError, isRecordId, numbers, single } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { findVisibleGroup } from '../groups/visible-groups';
import { detailOf, windowOf } from '../items/timeline';
import type { ProjectFilters } from '../items/timeline';
import { scenarioContext } from '../scenarios/scenario-views';
import { pdfOf, pdfPainter } from './pdf-document';
import { printLanguage, printTexts } from './print-texts';
import { paintSummary, summarySheet } from './project-summary';
import { summaryOf } from './summary-facts';
import type { PrintTexts } from './print-texts';
import { RenderLock } from './render-lock';
import { PrintLimitError, isPaper } from './timeline-layout';
import type { Paper, TimelineContent } from './timeline-layout';
import type { PrintHeader } from './timeline-paint';
import { timelinePdf, timelinePng } from './timeline-render';
import { baselineGhosts, contentOf, headerLines, readWholeTimeline, swissToday } from './timeline-printout';

type Param = string | string[] | undefined;

const paperOf = (param: Param): Paper => {
  const paper = single('paper', param) ?? 'a4';
  if (!isPaper(paper)) throw fieldError('paper', 'a4 or a3', 'the query parameter paper must be a4 or a3');
  return paper;
};

/** A limit of the layout as the 400 that names it. */
const limitError = (error: unknown) => {
  if (!(error instanceof PrintLimitError)) return error;
  return error.limit === 'pages'
    ? fieldError(
        'paper',
        `at most ${error.max} pages`,
        `the printout would need more than ${error.max} pages: narrow the filters or the window, or print on A3`,
      )
    : fieldError(
        'group',
        `at most ${error.max} pt tall`,
        `the image would be more than ${error.max * 2} pixels tall: narrow the filters or export a PDF`,
      );
};

const file = (body: Buffer, type: string, name: string) =>
  new StreamableFile(body, { type, disposition: `attachment; filename="${name}"`, length: body.length });

/**
 * Issue 23, for the steering committee: the timeline as the console shows it (window, zoom's detail,
 * filters; a scenario or an instant through `?scenario=` and `?asOf=`) as a PDF on A4 or A3 landscape
 * or as a PNG, drawn on the server from the timeline's own query; and a project's one-page summary.
 */
@ReadModelController()
export class PrintoutsController extends ReadModelQueries {
  @Inject(AS_OF_STORES) private readonly asOf!: AsOfStores;
  @Inject(AS_OF_LIMIT) private readonly asOfLimit!: AsOfLimit;
  private readonly lock = new RenderLock();

  /** The timeline as a PDF: paged by projects, the axis on every page, its text as text. */
  @Get('exports/timeline.pdf')
  async timelinePdf(@Asked() { principal, query, acceptLanguage }: ReadRequest): Promise<StreamableFile> {
    const paper = paperOf(query.paper);
    return this.timelinePrintout(principal, query, acceptLanguage, async (content, header, texts) =>
      file(
        await timelinePdf(content, paper, header, texts),
        'application/pdf',
        `timeline-${query.from ?? ''}-${paper}.pdf`,
      ),
    );
  }

  /** The timeline as one PNG image, twice the size in pixels of its points. */
  @Get('exports/timeline.png')
  async timelinePng(@Asked() { principal, query, acceptLanguage }: ReadRequest): Promise<StreamableFile> {
    return this.timelinePrintout(principal, query, acceptLanguage, async (content, header, texts) =>
      file(timelinePng(content, header, texts), 'image/png', `timeline-${query.from ?? ''}.png`),
    );
  }

  private async timelinePrintout(
    principal: Principal,
    query: Record<string, Param>,
    acceptLanguage: string | undefined,
    render: (content: TimelineContent, header: PrintHeader, texts: PrintTexts) => Promise<StreamableFile>,
  ): Promise<StreamableFile> {
    requireView(this.directory, principal, 'items');
    const texts = printTexts(printLanguage(query.lang, acceptLanguage));
    const window = windowOf(query.from, query.to);
    const detail = detailOf(query.detail, window);
    const filters: ProjectFilters = {
      groups: numbers('group', query.group),
      status: numbers('status', query.status),
      resource: numbers('resource', query.resource),
      application: numbers('application', query.application),
    };
    const baseline = await this.overlaidBaseline(principal, query.baseline);
    const now = new Date();
    return this.lock.run(`${principal.tenant}/${principal.userId}`, async () => {
      const view = await readWholeTimeline((page) =>
        answered(this.answer('timeline', { tenant: principal.tenant, ...window, detail, page, filters })),
      );
      const ghosts =
        baseline === null || view.detail !== 'items'
          ? []
          : await baselineGhosts(
              { now: this.store, asOf: this.asOf, asOfLimit: this.asOfLimit },
              principal,
              baseline,
              view,
            );
      // a violated dependency counts in its successor's project's calendar (issue 24)
      const calendars = await rulesOfProjectIds(
        this.store,
        principal.tenant,
        view.groups.map((group) => group.id),
      );
      const content = contentOf(view, ghosts, swissToday(now), calendars);
      const lines = await headerLines(
        this.store,
        principal.tenant,
        {
          ...window,
          filters,
          optionLists: meView(this.directory, principal.tenant, principal.username).optionLists,
          now,
          scenario: await this.scenarioName(),
          baseline: baseline && baseline.name,
          asOf: single('asOf', query.asOf) ?? null,
        },
        texts,
      );
      const header: PrintHeader = {
        title: texts.say('timeline'),
        lines,
        pageLabel: (page, pages) => texts.say('page', { page, pages }),
      };
      try {
        return await render(content, header, texts);
      } catch (error) {
        throw limitError(error);
      }
    });
  }

  /** A project's summary on one A4 page, for the projects the caller sees (another's: 404). */
  @Get('exports/projects/:id/summary.pdf')
  async summaryPdf(
    @Asked() { principal, params: { id }, query: { lang }, acceptLanguage }: ReadRequest<'id'>,
  ): Promise<StreamableFile> {
    requireView(this.directory, principal, 'group-details');
    const texts = printTexts(printLanguage(lang, acceptLanguage));
    if (!isRecordId(id)) throw notFound('group');
    const project = await findVisibleGroup(this.store, principal.tenant, id);
    return this.lock.run(`${principal.tenant}/${principal.userId}`, async () => {
      const { optionLists } = meView(this.directory, principal.tenant, principal.username);
      const summary = await summaryOf(this.store, project, optionLists, new Date(), texts);
      const pdf = await pdfOf(summarySheet, { title: summary.title, language: texts.language }, (doc) =>
        paintSummary(pdfPainter(doc), summary, texts),
      );
      return file(pdf, 'application/pdf', `project-${project.id}-summary.pdf`);
    });
  }

  /**
   * The baseline to overlay (`?baseline=<id>`), as the console's timeline shows one: it needs history
   * VIEW, and compares with the live plan now, so neither an instant nor a scenario goes with it.
   */
  private async overlaidBaseline(principal: Principal, param: Param) {
    const id = single('baseline', param);
    if (id === undefined) return null;
    requireView(this.directory, principal, 'history');
    if (asOfContext.getStore() || scenarioContext.getStore())
      throw fieldError(
        'baseline',
        'not with asOf or scenario',
        'a baseline is compared with the live plan now: not together with asOf or scenario',
      );
    return findBaseline(this.store, principal.tenant, id);
  }

  /** The name of the scenario the request shows, if it shows one. */
  private async scenarioName(): Promise<string | null> {
    const scenario = scenarioContext.getStore()?.scenario;
    if (scenario === undefined) return null;
    const doc = await this.store.get('scenarios', String(scenario));
    return typeof doc?.name === 'string' ? doc.name : `#${scenario}`;
  }
}
