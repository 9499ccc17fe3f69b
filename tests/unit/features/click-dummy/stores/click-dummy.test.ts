// @vitest-environment happy-dom
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $clickDummy,
  closeDemo,
  createClickDummy,
  loadTemplates,
  removeSaved,
  saveContactAndRequest,
  setPrompt,
  takeOverTemplate,
  viewSaved,
} from '../../../../../src/features/click-dummy/stores/click-dummy.ts';
import { $clickDummyContact } from '../../../../../src/features/click-dummy/stores/contact.ts';
import { $savedClickDummies } from '../../../../../src/features/click-dummy/stores/saved.ts';

const booking = { name: 'Unterkunftsbuchung', description: 'Buchung', clickDummy: 'Erstelle eine Buchungs-App.', isActive: true };
const inactive = { name: 'Alt', description: 'alt', clickDummy: 'Nicht mehr angeboten.', isActive: false };
const erika = { name: 'Erika Mustermann', email: 'erika@example.test' };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The requests the store sends: the template file and the click dummy's route. */
function server(answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => answer(url));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof server>) => fetchMock.mock.calls.filter(([url]) => url === '/api/clickdummy');

beforeAll(() => useTestStorageEngine());

beforeEach(() => {
  document.cookie = 'csrf_token=t';
  $clickDummy.set({ templates: [booking], prompt: '', selectedId: null, contactOpen: false, demoOpen: false, notice: null });
  $savedClickDummies.listen(() => {});
  $clickDummyContact.listen(() => {});
});

afterEach(() => {
  cleanTestStorage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the click-dummy store (SPEC §2–§4, issue 37)', () => {
  it('loads the active templates of the locale file, once', async () => {
    $clickDummy.setKey('templates', []);
    const fetchMock = server(() => json(200, [booking, inactive]));
    await loadTemplates();
    await loadTemplates();
    expect($clickDummy.get().templates).toEqual([booking]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks for name and e-mail before the first request, then saves the prompt and sends it', async () => {
    const fetchMock = server(() => json(201, { id: 7 }));
    setPrompt('  Eine Vereinsverwaltung  ');
    createClickDummy();
    expect($clickDummy.get().contactOpen).toBe(true);
    expect(posts(fetchMock)).toHaveLength(0);

    await saveContactAndRequest(erika);
    expect($clickDummyContact.get()).toEqual(erika);
    const [entry] = $savedClickDummies.get();
    expect(entry).toMatchObject({ prompt: 'Eine Vereinsverwaltung', name: 'ClickDummy 1', email: erika.email, trigger: 'save' });
    expect($clickDummy.get()).toMatchObject({ contactOpen: false, selectedId: entry!.id });
    expect(JSON.parse(posts(fetchMock)[0]![1]!.body as string)).toEqual({ ...erika, message: 'Eine Vereinsverwaltung', trigger: 'save' });
    expect($clickDummy.get().notice).toEqual({
      kind: 'info',
      text: '„ClickDummy 1“ ist gespeichert und Ihre Anfrage ist bei uns eingegangen. Wir melden uns innerhalb von 48 Stunden bei erika@example.test.',
    });
  });

  it('sends at once once the contact is known, and keeps the saved entry when the request fails', async () => {
    $clickDummyContact.set(erika);
    const fetchMock = server(() => json(503, { message: 'Dienst nicht verfügbar' }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setPrompt('Ein Shop');
    createClickDummy();
    await vi.waitFor(() => expect($clickDummy.get().notice?.kind).toBe('error'));
    expect(posts(fetchMock)).toHaveLength(1);
    expect($savedClickDummies.get()).toHaveLength(1);
    expect($clickDummy.get().notice?.text).toContain('„ClickDummy 1“ bleibt in diesem Browser gespeichert');
  });

  it('opens the booking demo for its template instead of sending, and an empty prompt does nothing', () => {
    $clickDummyContact.set(erika);
    const fetchMock = server(() => json(201, { id: 1 }));
    createClickDummy();
    expect($clickDummy.get().demoOpen).toBe(false);
    takeOverTemplate(' Erstelle eine\nBuchungs-App. ');
    createClickDummy();
    expect($clickDummy.get().demoOpen).toBe(true);
    closeDemo();
    expect($clickDummy.get().demoOpen).toBe(false);
    expect(posts(fetchMock)).toHaveLength(0);
    expect($savedClickDummies.get()).toEqual([]);
  });

  it('shows a saved entry in the prompt and, removed while shown, empties the prompt and says so', () => {
    const entry = { id: 'a1', prompt: 'Eine Zeiterfassung', createdAt: '2026-11-23T10:00:00.000Z', name: 'ClickDummy 1', email: erika.email, trigger: 'create' as const };
    $savedClickDummies.set([entry]);
    viewSaved(entry);
    expect($clickDummy.get()).toMatchObject({ prompt: 'Eine Zeiterfassung', selectedId: 'a1' });
    removeSaved(entry);
    expect($savedClickDummies.get()).toEqual([]);
    expect($clickDummy.get()).toMatchObject({ prompt: '', selectedId: null, notice: { kind: 'info', text: '„ClickDummy 1“ wurde entfernt.' } });
  });
});
