import { map } from 'nanostores';
import { api } from '../../../client/api.ts';
import { newSavedClickDummy } from '../saved.ts';
import { activeTemplates, isBookingDemoPrompt } from '../templates.ts';
import type { SavedClickDummy } from '../schemas.ts';
import type { ClickDummyContact, ClickDummyTrigger } from '../schemas.ts';
import type { PromptTemplate } from '../../../lib/schemas/locales.ts';
import { $clickDummyContact, saveClickDummyContact } from './contact.ts';
import { $savedClickDummies, removeClickDummy, saveClickDummy } from './saved.ts';
import { clickDummyRequest } from '../routes.ts';

/** The line below the prompt: what happened to the last request, a removal, or a failed send. */
type ClickDummyNotice = { kind: 'info' | 'error'; text: string } | null;

/** The click-dummy section of the start page (SPEC §2–§4): its prompt, dialogs and notice. */
export interface ClickDummyState {
  /** The prompt templates of the locale file, the active ones (SPEC §8: empty when they fail to load). */
  templates: PromptTemplate[];
  prompt: string;
  /** The saved click dummy the prompt shows, if it shows one. */
  selectedId: string | null;
  /** The dialog that asks for name and e-mail before the first request. */
  contactOpen: boolean;
  /** The booking demo, shown in place of the prompt for its template. */
  demoOpen: boolean;
  notice: ClickDummyNotice;
}

const INITIAL: ClickDummyState = { templates: [], prompt: '', selectedId: null, contactOpen: false, demoOpen: false, notice: null };

export const $clickDummy = map<ClickDummyState>({ ...INITIAL });

let templatesRequested = false;

/** Loads the prompt templates once (a static file of the build, not the API). */
export async function loadTemplates(): Promise<void> {
  if (templatesRequested) return;
  templatesRequested = true;
  try {
    const response = await fetch('/locales/de-prompts.json');
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    $clickDummy.setKey('templates', activeTemplates(await response.json()));
  } catch (error) {
    // SPEC §8: logged, and the list stays empty; the prompt works without templates.
    console.error('Fehler beim Laden der Templates', error);
  }
}

export function setPrompt(prompt: string): void {
  $clickDummy.setKey('prompt', prompt);
}

/**
 * 'Click-Dummy erstellen' or Enter: the booking template opens the demo; any other prompt becomes
 * a request – at once when the contact is known, else after the dialog asks for it.
 */
export function createClickDummy(): void {
  const { prompt, templates } = $clickDummy.get();
  if (prompt.trim() === '') return;
  if (isBookingDemoPrompt(prompt, templates)) {
    $clickDummy.set({ ...$clickDummy.get(), notice: null, demoOpen: true });
    return;
  }
  const contact = $clickDummyContact.get();
  if (contact) void request(contact, 'create');
  else $clickDummy.setKey('contactOpen', true);
}

/** The dialog's 'Speichern': the contact is kept for later creates and the request goes out. */
export function saveContactAndRequest(contact: ClickDummyContact): Promise<void> {
  saveClickDummyContact(contact);
  $clickDummy.setKey('contactOpen', false);
  return request(contact, 'save');
}

export function closeContactDialog(): void {
  $clickDummy.setKey('contactOpen', false);
}

export function closeDemo(): void {
  $clickDummy.setKey('demoOpen', false);
}

/** 'Prompt übernehmen': the template's text becomes a new prompt. */
export function takeOverTemplate(text: string): void {
  $clickDummy.set({ ...$clickDummy.get(), prompt: text, selectedId: null });
}

/** A saved click dummy back in the prompt. */
export function viewSaved(entry: SavedClickDummy): void {
  $clickDummy.set({ ...$clickDummy.get(), prompt: entry.prompt, selectedId: entry.id });
}

export function removeSaved(entry: SavedClickDummy): void {
  removeClickDummy(entry.id);
  const state = $clickDummy.get();
  const shown = entry.id === state.selectedId;
  $clickDummy.set({
    ...state,
    ...(shown ? { selectedId: null, prompt: '' } : {}),
    notice: { kind: 'info', text: `„${entry.name}“ wurde entfernt.` },
  });
}

/**
 * Saves the prompt in this browser and sends the request (SPEC §7). The answer is not used; the
 * visitor learns whether it reached us, and the saved entry stays either way.
 */
async function request(contact: ClickDummyContact, trigger: ClickDummyTrigger): Promise<void> {
  const message = $clickDummy.get().prompt.trim();
  const entry = newSavedClickDummy($savedClickDummies.get(), { prompt: message, email: contact.email, trigger }, crypto.randomUUID(), new Date());
  saveClickDummy(entry);
  $clickDummy.set({
    ...$clickDummy.get(),
    selectedId: entry.id,
    notice: { kind: 'info', text: `„${entry.name}“ ist in diesem Browser gespeichert. Ihre Anfrage wird übermittelt …` },
  });
  try {
    await api(clickDummyRequest, { body: { ...contact, message, trigger } });
    $clickDummy.setKey('notice', {
      kind: 'info',
      text: `„${entry.name}“ ist gespeichert und Ihre Anfrage ist bei uns eingegangen. Wir melden uns innerhalb von 48 Stunden bei ${contact.email}.`,
    });
  } catch (error) {
    console.warn('Click-Dummy-Anfrage nicht übermittelt', error);
    $clickDummy.setKey('notice', {
      kind: 'error',
      text: `Ihre Anfrage konnte nicht an uns übermittelt werden. „${entry.name}“ bleibt in diesem Browser gespeichert – bitte versuchen Sie es später erneut.`,
    });
  }
}
