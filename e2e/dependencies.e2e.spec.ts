import { E2eApp, eventually } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.ITEM_SCREENSHOTS ?? '/tmp';

interface Link {
  id: number;
  item: number;
  type: string;
  lag: number;
}
interface ItemJson {
  id: number;
  predecessors: Link[];
  successors: Link[];
}

/*
 * Issue 21: the item dialog's Dependencies, by keyboard: pick an item by its title, add it as a
 * predecessor with a lag, see the refusal of a cycle in words, and remove it again.
 */
describe('the Dependencies of the item dialog', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);
  const ids: Record<'design' | 'build', number> = { design: 0, build: 0 };

  beforeAll(async () => {
    const project = await app.api('/api/commands/SaveGroup', {
      json: { title: `Dependencies ${suffix}`, start: '2027-03-01', end: '2027-06-01' },
    });
    for (const [key, title, start, end] of [
      ['design', `Design ${suffix}`, '2027-03-01T00:00', '2027-03-06T00:00'],
      ['build', `Build ${suffix}`, '2027-03-08T00:00', '2027-03-13T00:00'],
    ] as const) {
      const created = await app.api('/api/commands/SaveItem', {
        json: { title, group: project.id, subgroup: 'tasks', start, end },
      });
      ids[key] = created.id as number;
      await app.api(`/api/items/${ids[key]}`, { after: created.position as number });
    }
  });

  const item = async (id: number) => (await app.api(`/api/items/${id}`)) as unknown as ItemJson;

  it('adds a predecessor with a lag by keyboard, refuses a cycle in words, and removes it', async () => {
    const page = await app.login({
      path: `/projects?show-item=${ids.build}`,
      viewportHeight: 1000,
      ready: (p) => p.getByTestId('session-user'),
    });
    const dialog = page.getByRole('dialog', { name: `show item Build ${suffix}` });
    await dialog.waitFor();
    await page.getByRole('tab', { name: 'Details' }).click();
    await dialog.getByRole('group', { name: 'Predecessors' }).getByText('None').waitFor();

    const picker = dialog.getByLabel('Item', { exact: true });
    await picker.focus();
    await page.keyboard.type(`Design ${suffix}`);
    await page.getByRole('option', { name: `Design ${suffix}` }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Lag (working days)', { exact: true }).fill('2');
    await dialog.getByRole('button', { name: 'Add', exact: true }).focus();
    await page.keyboard.press('Enter');

    const predecessors = dialog.getByRole('group', { name: 'Predecessors' });
    await predecessors.getByText(`Design ${suffix}`).waitFor();
    await predecessors.getByText('finish to start, lag 2 working days').waitFor();
    await page.screenshot({ path: `${SHOTS}/item-dependencies.png` });
    await eventually(
      async () => (await item(ids.build)).predecessors.some((l) => l.item === ids.design && l.lag === 2),
      'the dependency stored',
    );

    // Design depending on Build would close a cycle: the server's refusal names it
    await dialog.getByLabel('This item', { exact: true }).click();
    await page.getByRole('option', { name: 'comes before' }).click();
    await picker.focus();
    await page.keyboard.type(`Design ${suffix}`);
    await page.getByRole('option', { name: `Design ${suffix}` }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog
      .getByRole('alert')
      .filter({
        hasText: `dependency would form a cycle: Build ${suffix} → Design ${suffix} → Build ${suffix}`,
      })
      .waitFor();

    await dialog.getByRole('button', { name: `Remove the dependency on Design ${suffix}` }).focus();
    await page.keyboard.press('Enter');
    await predecessors.getByText('None').waitFor();
    await eventually(async () => (await item(ids.build)).predecessors.length === 0, 'the dependency removed');
    await eventually(async () => (await item(ids.design)).successors.length === 0, 'gone at the other end');
  });
});
