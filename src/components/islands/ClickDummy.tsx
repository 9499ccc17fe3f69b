import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { newSavedClickDummy } from '../../lib/click-dummy/saved.ts';
import { activeTemplates, isBookingDemoPrompt } from '../../lib/click-dummy/templates.ts';
import { api } from '../../client/api.ts';
import { clickDummyRequest } from '../../features/click-dummy/routes.ts';
import type { SavedClickDummy } from '../../lib/schemas/click-dummy.ts';
import type { ClickDummyContact, ClickDummyRequest, ClickDummyTrigger } from '../../lib/schemas/click-dummy-request.ts';
import type { PromptTemplate } from '../../lib/schemas/locales.ts';
import { $clickDummyContact, forgetClickDummyContact, saveClickDummyContact } from '../../stores/click-dummy-contact.ts';
import { $savedClickDummies, removeClickDummy, saveClickDummy } from '../../stores/click-dummies.ts';
import { $ui, setClickDummyFullscreen } from '../../stores/ui.ts';
import { ContactDialog } from '../click-dummy/ContactDialog.tsx';
import { SavedList } from '../click-dummy/SavedList.tsx';
import { TemplatePicker } from '../click-dummy/TemplatePicker.tsx';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { field, text } from '../ui/classes.ts';
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
      await api(clickDummyRequest, { body: request });
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
          <p className={text.body}>
            {contact ? (
              <>
                Anfragen gehen an {contact.name} ({contact.email}).{' '}
                <Button variant="link" onClick={forgetClickDummyContact}>
                  Kontaktdaten ändern
                </Button>
              </>
            ) : (
              'Beim ersten Erstellen fragen wir nach Ihrem Namen und Ihrer E-Mail-Adresse.'
            )}
          </p>
          <Button ref={fullscreenToggle} variant="secondary" aria-pressed={fullscreen} onClick={() => setClickDummyFullscreen(!fullscreen)}>
            <FullscreenIcon on={fullscreen} />
            Vollbild
          </Button>
        </div>

        {demoOpen ? (
          <Suspense fallback={<p className="mt-6" role="status">Demo wird geladen …</p>}>
            <BookingDemo onClose={() => setDemoOpen(false)} />
          </Suspense>
        ) : null}

        <div className={`mt-6 grid gap-8 lg:grid-cols-[3fr_2fr] ${demoOpen ? 'hidden' : ''}`}>
          <div>
            <label htmlFor={PROMPT_ID} className={`block ${text.h3}`}>
              Beschreiben Sie Ihre Anwendung
            </label>
            <p id={`${PROMPT_ID}-hint`} className={field.hint}>
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
              className={`mt-3 ${field.control}`}
            />
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Button onClick={create}>Click-Dummy erstellen</Button>
            </div>
            <div role="status" className="mt-4 min-h-6">
              {/* The wrapper is the live region: the notice inside it is not one of its own. */}
              {notice &&
                (notice.kind === 'error' ? (
                  <Alert tone="warning" role="none">
                    {notice.text}
                  </Alert>
                ) : (
                  <p className={text.body}>{notice.text}</p>
                ))}
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
