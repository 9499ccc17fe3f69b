import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { newSavedClickDummy } from '../../lib/click-dummy/saved.ts';
import { activeTemplates, isBookingDemoPrompt } from '../../lib/click-dummy/templates.ts';
import { apiFetch } from '../../client/api.ts';
import type { SavedClickDummy } from '../../lib/schemas/click-dummy.ts';
import type { ClickDummyContact, ClickDummyRequest, ClickDummyTrigger } from '../../lib/schemas/click-dummy-request.ts';
import type { PromptTemplate } from '../../lib/schemas/locales.ts';
import { $clickDummyContact, forgetClickDummyContact, saveClickDummyContact } from '../../stores/click-dummy-contact.ts';
import { $savedClickDummies, removeClickDummy, saveClickDummy } from '../../stores/click-dummies.ts';
import { $ui, setClickDummyFullscreen } from '../../stores/ui.ts';
import { ContactDialog } from '../click-dummy/ContactDialog.tsx';
import { SavedList } from '../click-dummy/SavedList.tsx';
import { TemplatePicker } from '../click-dummy/TemplatePicker.tsx';
import { useMounted } from '../ui/useMounted.ts';

// The demo is a small app of its own: loaded only when a visitor opens it.
const BookingDemo = lazy(() => import('../click-dummy/booking/BookingDemo.tsx'));

type Notice = { kind: 'info' | 'error'; text: string } | null;

const PROMPT_ID = 'click-dummy-prompt';

async function loadTemplates(): Promise<PromptTemplate[]> {
  try {
    const response = await fetch('/locales/de-prompts.json');
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return activeTemplates(await response.json());
  } catch (error) {
    // SPEC §8: logged, and the list stays empty; the prompt works without templates.
    console.error('Fehler beim Laden der Templates', error);
    return [];
  }
}

/**
 * The click-dummy section of the start page (SPEC §2, §4): a prompt becomes a click-dummy request,
 * saved in this browser and sent to POST /api/clickdummy; the booking template opens the demo.
 */
export default function ClickDummy() {
  const mounted = useMounted();
  const storedSaved = useStore($savedClickDummies);
  const storedContact = useStore($clickDummyContact);
  const { isClickDummyFullscreen: fullscreen } = useStore($ui);
  // Until hydration the server's view: nothing saved in a browser yet.
  const saved = mounted ? storedSaved : [];
  const contact = mounted ? storedContact : null;

  const [templates, setTemplates] = useState<PromptTemplate[]>([]);
  const [prompt, setPrompt] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const [demoOpen, setDemoOpen] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const fullscreenToggle = useRef<HTMLButtonElement>(null);
  const promptField = useRef<HTMLTextAreaElement>(null);
  const wasFullscreen = useRef(false);
  const wasDemoOpen = useRef(false);

  useEffect(() => {
    let active = true;
    void loadTemplates().then((loaded) => active && setTemplates(loaded));
    return () => {
      active = false;
    };
  }, []);

  const examples = useMemo(() => templates.map((template) => template.clickDummy), [templates]);

  // Fullscreen (SPEC §2): Escape leaves it, the page behind does not scroll, and focus returns
  // to the toggle however it was left (toggle, Escape or the header's close button).
  useEffect(() => {
    if (fullscreen) {
      wasFullscreen.current = true;
      const onKey = (event: globalThis.KeyboardEvent) => {
        if (event.key === 'Escape' && !event.defaultPrevented) setClickDummyFullscreen(false);
      };
      document.addEventListener('keydown', onKey);
      const overflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = 'hidden';
      return () => {
        document.removeEventListener('keydown', onKey);
        document.documentElement.style.overflow = overflow;
      };
    }
    if (wasFullscreen.current) {
      wasFullscreen.current = false;
      fullscreenToggle.current?.focus();
    }
  }, [fullscreen]);

  // Closing the demo returns to the prompt it came from; the prompt is visible only after the render.
  useEffect(() => {
    if (demoOpen) wasDemoOpen.current = true;
    else if (wasDemoOpen.current) {
      wasDemoOpen.current = false;
      promptField.current?.focus();
    }
  }, [demoOpen]);

  async function send(request: ClickDummyRequest, entry: SavedClickDummy) {
    setNotice({ kind: 'info', text: `„${entry.name}“ ist in diesem Browser gespeichert. Ihre Anfrage wird übermittelt …` });
    try {
      await apiFetch('/api/clickdummy', { method: 'POST', json: request });
      setNotice({
        kind: 'info',
        text: `„${entry.name}“ ist gespeichert und Ihre Anfrage ist bei uns eingegangen. Wir melden uns innerhalb von 48 Stunden bei ${request.email}.`,
      });
    } catch (error) {
      // SPEC §7 ignores the answer; the visitor still learns that nothing reached us.
      console.warn('Click-Dummy-Anfrage nicht übermittelt', error);
      setNotice({
        kind: 'error',
        text: `Ihre Anfrage konnte nicht an uns übermittelt werden. „${entry.name}“ bleibt in diesem Browser gespeichert – bitte versuchen Sie es später erneut.`,
      });
    }
  }

  function request(contactData: ClickDummyContact, trigger: ClickDummyTrigger) {
    const text = prompt.trim();
    const entry = newSavedClickDummy(saved, { prompt: text, email: contactData.email, trigger }, crypto.randomUUID(), new Date());
    saveClickDummy(entry);
    setSelectedId(entry.id);
    void send({ ...contactData, message: text, trigger }, entry);
  }

  function create() {
    if (prompt.trim() === '') return;
    if (isBookingDemoPrompt(prompt, templates)) {
      setNotice(null);
      setDemoOpen(true);
      return;
    }
    if (contact) request(contact, 'create');
    else setContactOpen(true);
  }

  function onPromptKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      create();
    }
  }

  function takeOver(text: string) {
    setPrompt(text);
    setSelectedId(null);
    promptField.current?.focus();
  }

  function view(entry: SavedClickDummy) {
    setPrompt(entry.prompt);
    setSelectedId(entry.id);
    promptField.current?.focus();
  }

  function remove(entry: SavedClickDummy) {
    removeClickDummy(entry.id);
    if (entry.id === selectedId) {
      setSelectedId(null);
      setPrompt('');
    }
    setNotice({ kind: 'info', text: `„${entry.name}“ wurde entfernt.` });
    promptField.current?.focus();
  }

  const newestFirst = [...saved].reverse();

  return (
    <div
      data-testid="click-dummy"
      data-fullscreen={fullscreen ? 'true' : 'false'}
      role={fullscreen ? 'region' : undefined}
      aria-label={fullscreen ? 'Click-Dummy im Vollbild' : undefined}
      className={
        fullscreen
          ? 'fixed inset-0 z-30 overflow-y-auto bg-white px-4 pb-10 pt-20 dark:bg-slate-950'
          : 'mt-10'
      }
    >
      <div className={fullscreen ? 'mx-auto max-w-7xl' : ''}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-700 dark:text-slate-300">
            {contact ? (
              <>
                Anfragen gehen an {contact.name} ({contact.email}).{' '}
                <button type="button" onClick={forgetClickDummyContact} className="font-medium text-brand-700 underline dark:text-brand-300">
                  Kontaktdaten ändern
                </button>
              </>
            ) : (
              'Beim ersten Erstellen fragen wir nach Ihrem Namen und Ihrer E-Mail-Adresse.'
            )}
          </p>
          <button
            ref={fullscreenToggle}
            type="button"
            aria-pressed={fullscreen}
            onClick={() => setClickDummyFullscreen(!fullscreen)}
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            <FullscreenIcon on={fullscreen} />
            Vollbild
          </button>
        </div>

        {demoOpen ? (
          <Suspense fallback={<p className="mt-6" role="status">Demo wird geladen …</p>}>
            <BookingDemo onClose={() => setDemoOpen(false)} />
          </Suspense>
        ) : null}

        <div className={`mt-6 grid gap-8 lg:grid-cols-[3fr_2fr] ${demoOpen ? 'hidden' : ''}`}>
          <div>
            <label htmlFor={PROMPT_ID} className="block text-lg font-semibold text-slate-900 dark:text-white">
              Beschreiben Sie Ihre Anwendung
            </label>
            <p id={`${PROMPT_ID}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Enter erstellt den Click-Dummy, Umschalt + Enter beginnt eine neue Zeile.
            </p>
            <textarea
              ref={promptField}
              id={PROMPT_ID}
              value={prompt}
              rows={fullscreen ? 14 : 8}
              onChange={(event) => setPrompt(event.target.value)}
              onKeyDown={onPromptKey}
              aria-describedby={`${PROMPT_ID}-hint`}
              placeholder="Zum Beispiel: Eine Anwendung, in der unsere Kunden Termine buchen und Rechnungen herunterladen …"
              className="mt-3 block w-full rounded-xl border border-slate-400 bg-white p-4 text-slate-900 placeholder:text-slate-600 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
            />
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <button type="button" onClick={create} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
                Click-Dummy erstellen
              </button>
            </div>
            <div role="status" className="mt-4 min-h-6">
              {notice && (
                <p
                  className={
                    notice.kind === 'error'
                      ? 'rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100'
                      : 'text-slate-700 dark:text-slate-300'
                  }
                >
                  {notice.text}
                </p>
              )}
            </div>
          </div>
          <TemplatePicker templates={templates} texts={examples} onTakeOver={takeOver} />
        </div>

        <div className={demoOpen ? 'hidden' : ''}>
          <SavedList saved={newestFirst} selectedId={selectedId} onView={view} onRemove={remove} />
        </div>
      </div>

      <ContactDialog
        open={contactOpen}
        initial={contact}
        onClose={() => setContactOpen(false)}
        onSave={(given) => {
          saveClickDummyContact(given);
          setContactOpen(false);
          request(given, 'save');
        }}
      />
    </div>
  );
}

function FullscreenIcon({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {on ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}
    </svg>
  );
}
