import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { E2eApp, expectNoSeriousViolations } from './support';

jest.setTimeout(180_000);

/** Issue 23: Administration → Webhooks, against a receiver on this machine (allowed as a private host). */
describe('webhooks in the administration', () => {
  const app = E2eApp.forSuite({ signIn: true, env: { FAHRPLAN_WEBHOOK_PRIVATE_HOSTS: '127.0.0.1' } });
  const hits: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

  it('creates a webhook, shows its secret once, sends a test and lists it in the delivery log', async () => {
    const page = await app.adminTab('Webhooks');
    await page.getByText('No webhooks yet. Add one to send planning events to another system.').waitFor();
    await page.getByRole('button', { name: 'New webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    const address = dialog.getByLabel('Address');
    await address.fill(url);
    const events = dialog.getByLabel('Events');
    await events.click();
    await events.fill('resource');
    await page.getByRole('option', { name: 'resource', exact: true }).click();
    await address.click();
    await expectNoSeriousViolations(page, 'the new webhook dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Create' }).click();

    const shown = page.getByRole('dialog', { name: 'The webhook’s signing secret' });
    const secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expectNoSeriousViolations(page, 'the secret shown once', { include: '[role="dialog"]' });
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: url });
    await row.getByText('active').waitFor();
    await row.getByRole('button', { name: `Send a test to ${url}` }).click();
    await page.getByText(/The test was received: 204 in \d+ ms/).waitFor();
    expect(hits).toHaveLength(1);
    expect(
      new Webhook(secret).verify(hits[0]!.body, hits[0]!.headers as Record<string, string>),
    ).toMatchObject({
      type: 'webhook.test',
    });
    // the secret is not shown again anywhere
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: `Delivery log of ${url}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${url}` });
    const entry = log.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' });
    await entry.getByText('delivered').waitFor();
    await expectNoSeriousViolations(page, 'the delivery log', { include: '[role="dialog"]' });
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'detached' });
    // the pointer still rests on the button that opened the log: its tooltip comes back once the
    // dialog's overlay is gone, at a moment of the browser's choosing; judge the tab with it shown
    await row.getByRole('button', { name: `Delivery log of ${url}` }).hover();
    await page.getByRole('tooltip', { name: 'Delivery log' }).waitFor();
    await expectNoSeriousViolations(page, 'the webhooks tab');
  });
});
