import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { E2eApp, eventually, expectNoSeriousViolations, failRequests, isFocused } from './support';

jest.setTimeout(180_000);

/** The text runs of a PDF as a reader extracts them (pdf.js): its text is text. */
const pdfText = async (bytes: Buffer): Promise<{ pages: number; text: string }> => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const runs: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++)
    for (const item of (await (await pdf.getPage(n)).getTextContent()).items)
      if ('str' in item) runs.push(item.str);
  return { pages: pdf.numPages, text: runs.join('\n') };
};

/** Issue 23: the steering committee's printouts, downloaded from the timeline and the project dialog. */
describe('printouts for the steering committee', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);
  const title = `Printout ${suffix}`;
  const milestone = `Printout gate ${suffix}`;
  let projectId: number;
  let page: Page;

  beforeAll(async () => {
    const project = await app.api('/api/commands/SaveGroup', {
      json: { title, start: '2031-03-02', end: '2031-03-28' },
    });
    projectId = project.id as number;
    const item = await app.api('/api/commands/SaveItem', {
      json: {
        title: milestone,
        group: projectId,
        subgroup: 'milestones',
        start: '2031-03-16T00:00',
        end: null,
      },
    });
    await app.api(`/api/groups/${projectId}`, { after: item.position as number });
    page = await app.login({
      path: `/?from=2031-03-01&to=2031-04-01&project=${projectId}`,
      viewportHeight: 1000,
      ready: (p) => p.getByTestId('session-user'),
    });
  });

  it('downloads the timeline as it is shown as a PDF with its project and milestone as text', async () => {
    await page.getByText(title).first().waitFor();
    await expectNoSeriousViolations(page, 'the timeline with its Export menu');
    await page.getByTestId('timeline-export').click();
    const a3 = page.getByRole('menuitem', { name: 'PDF (A3)' });
    await a3.waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), a3.click()]);

    expect(download.suggestedFilename()).toBe('timeline-2031-03-01-2031-04-01-a3.pdf');
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBe(1);
    expect(text).toContain(title);
    expect(text).toContain(milestone);
    expect(text).toContain('Window: 01.03.2031 – 31.03.2031');
    await page.getByText(`Saved ${download.suggestedFilename()}`).waitFor();
  });

  it('downloads the PNG from the keyboard', async () => {
    const button = page.getByTestId('timeline-export');
    await button.focus();
    await eventually(() => button.evaluate(isFocused), 'the focus on Export');
    await page.keyboard.press('Enter');
    await page.locator('[role="menu"]:focus-within').waitFor();
    const png = page.locator('[role="menuitem"]:focus', { hasText: 'PNG' });
    for (let presses = 0; presses < 5 && (await png.count()) === 0; presses++)
      await page.keyboard.press('ArrowDown');
    await png.waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);

    expect(download.suggestedFilename()).toBe('timeline-2031-03-01-2031-04-01.png');
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('says why when the server cannot make the printout, and the button works again', async () => {
    await failRequests(page, '**/api/exports/timeline.pdf**', 'the renderer is away');
    await page.getByTestId('timeline-export').click();
    await page.getByRole('menuitem', { name: 'PDF (A4)' }).click();

    await page
      .getByText(/timeline-2031-03-01-2031-04-01-a4\.pdf could not be made: .*the renderer is away/)
      .waitFor();
    await page.unroute('**/api/exports/timeline.pdf**');
    await expect(page.getByTestId('timeline-export').isEnabled()).resolves.toBe(true);
  });

  it("downloads a project's summary PDF from its dialog", async () => {
    await page.goto(`${app.url}/project-details/${projectId}`);
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.waitFor();
    await expectNoSeriousViolations(page, 'the project dialog with Summary PDF');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Summary PDF' }).click(),
    ]);

    expect(download.suggestedFilename()).toBe(`project-${projectId}-summary.pdf`);
    const { pages, text } = await pdfText(readFileSync((await download.path())!));
    expect(pages).toBe(1);
    expect(text).toContain(title);
    expect(text).toContain('Project summary');
    expect(text).toContain(milestone);
  });
});
