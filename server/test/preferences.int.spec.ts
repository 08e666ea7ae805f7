import { storedSince } from '../src/testing/platform';
import { platformForSuite } from './support/platform-suite';

/** Issue 20: a user's own preferences (the console's language) over real HTTP, on the embedded server. */
const platform = platformForSuite();

interface Me {
  readonly userId: number;
  readonly preferences: {
    readonly language: string | null;
    readonly theme: string;
    readonly shortcuts: boolean;
  };
}
const chosenNothing = { language: null, theme: 'system', highContrast: false, shortcuts: true };
const me = async (token: string, position?: number) =>
  (
    await platform.api.get(
      '/api/me',
      token,
      position === undefined ? {} : { 'x-fahrplan-after': String(position) },
    )
  ).body as Me;
const change = (data: unknown, token: string) => platform.api.command('ChangeMyPreferences', data, token);

describe('ChangeMyPreferences', () => {
  it('a new user has chosen nothing: the browser decides', async () => {
    expect((await me(platform.viewer)).preferences).toEqual(chosenNothing);
  });

  it("changes the caller's own language, which /api/me answers from then on; the others' stay", async () => {
    const reply = await change({ language: 'fr-CH' }, platform.viewer);
    expect(reply.status).toBe(200);
    const { position } = reply.body as { position: number };
    expect((await me(platform.viewer, position)).preferences).toEqual({
      ...chosenNothing,
      language: 'fr-CH',
    });
    expect((await me(platform.admin, position)).preferences).toEqual(chosenNothing);
    expect((await me(platform.otherAdmin, position)).preferences).toEqual(chosenNothing);
  });

  it('keeps the theme, the high contrast and the shortcuts beside the language, each left as it is when not named', async () => {
    const reply = await change({ theme: 'dark', highContrast: true, shortcuts: false }, platform.viewer);
    expect(reply.status).toBe(200);
    const { position } = reply.body as { position: number };
    expect((await me(platform.viewer, position)).preferences).toEqual({
      language: 'fr-CH',
      theme: 'dark',
      highContrast: true,
      shortcuts: false,
    });
    const back = await change({ theme: 'system', highContrast: false, shortcuts: true }, platform.viewer);
    const after = await me(platform.viewer, (back.body as { position: number }).position);
    expect(after.preferences).toEqual({ ...chosenNothing, language: 'fr-CH' });
  });

  it('refuses a theme it does not know (400), storing nothing', async () => {
    const before = await platform.embedded.store.headPosition();
    const reply = await change({ theme: 'sepia' }, platform.viewer);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('dark');
    expect(await storedSince(platform.embedded, before)).toEqual([]);
  });

  it("the user is the token's: an id in the body is refused (400) and changes nobody", async () => {
    const before = await platform.embedded.store.headPosition();
    const { userId } = await me(platform.admin);
    const reply = await change({ id: userId, language: 'it-CH' }, platform.viewer);
    expect(reply.status).toBe(400);
    expect(await storedSince(platform.embedded, before)).toEqual([]);
    expect((await me(platform.admin)).preferences.language).toBeNull();
  });

  it('refuses a language the console does not speak (400, naming the allowed ones), storing nothing', async () => {
    const before = await platform.embedded.store.headPosition();
    const reply = await change({ language: 'de-DE' }, platform.admin);
    expect(reply.status).toBe(400);
    const text = JSON.stringify(reply.body);
    for (const language of ['de-CH', 'fr-CH', 'it-CH', 'en']) expect(text).toContain(language);
    expect(await storedSince(platform.embedded, before)).toEqual([]);
  });

  it('choosing the same language again stores nothing; null goes back to the browser', async () => {
    const first = await change({ language: 'en' }, platform.admin);
    expect(first.status).toBe(200);
    const before = await platform.embedded.store.headPosition();
    expect((await change({ language: 'en' }, platform.admin)).status).toBe(200);
    expect(await storedSince(platform.embedded, before)).toEqual([]);
    const cleared = await change({ language: null }, platform.admin);
    expect(cleared.status).toBe(200);
    const { position } = cleared.body as { position: number };
    expect((await me(platform.admin, position)).preferences.language).toBeNull();
  });

  it('needs a signed-in caller (401)', async () => {
    const reply = await platform.api.command('ChangeMyPreferences', { language: 'en' }, '');
    expect(reply.status).toBe(401);
  });
});
