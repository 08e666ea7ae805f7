import { E2eApp, eventually, expectNoSeriousViolations } from './support';

jest.setTimeout(180_000);

/** A day `offset` days from today (UTC), as §9 writes a midnight. */
const day = (offset: number) =>
  `${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)}T00:00`;

/**
 * Issue 23: a planner makes a calendar feed on its page (by keyboard), copies the address shown once,
 * a calendar client fetches it without a login, and the planner revokes it; the page passes axe.
 */
describe('calendar feeds in the console', () => {
  const app = E2eApp.forSuite({ signIn: true });

  it('creates a feed, copies its address, serves it to a client without a login, and revokes it', async () => {
    const project = await app.api('/api/commands/SaveGroup', {
      json: { title: `Feed roll-out ${process.pid}` },
    });
    const milestone = await app.api('/api/commands/SaveItem', {
      json: {
        title: `Go-live ${process.pid}`,
        group: project.id,
        subgroup: 'milestones',
        start: day(14),
        end: null,
      },
    });

    const page = await app.login({ path: '/calendar-feeds', ready: 'Calendar feeds' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.getByText('You have no calendar feeds yet.').waitFor();
    await expectNoSeriousViolations(page, 'the calendar feeds page, empty');

    const name = `Steering milestones ${process.pid}`;
    const nameField = page.getByRole('textbox', { name: 'Name', exact: true });
    await nameField.fill(name);
    await nameField.press('Enter');

    const address = page.getByRole('textbox', { name: 'Address of the calendar feed' });
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${app.url}/feeds/[A-Za-z0-9_-]{43}\\.ics$`));
    await page.getByRole('button', { name: 'Copy address' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const clipboard = () =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText();
    expect(await page.evaluate(clipboard)).toBe(url);
    const feeds = page.getByRole('table', { name: 'Your calendar feeds' });
    await feeds.getByRole('row').filter({ hasText: name }).getByText('Milestones · every project').waitFor();
    await expectNoSeriousViolations(page, 'the calendar feeds page, a new address shown');

    // a calendar client: no login, the secret in the address is all it has
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await fetched.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain(`UID:item-${milestone.id}@demo.fahrplan`);
    expect(text).toContain(`X-WR-CALNAME:${name}`);

    // the address is shown once: gone once hidden, and never in the list
    await page.getByRole('button', { name: 'Hide the address' }).click();
    await address.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(url.split('/feeds/')[1]!);

    await feeds.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
    await confirm.getByRole('button', { name: 'Revoke feed' }).click();
    await page.getByText('You have no calendar feeds yet.').waitFor();
    await eventually(async () => (await fetch(url)).status === 404, 'the revoked feed answers 404');
  });
});
