import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import {
  $clickDummy,
  closeContactDialog,
  closeDemo,
  loadTemplates,
  removeSaved,
  saveContactAndRequest,
  takeOverTemplate,
  viewSaved,
} from '../stores/click-dummy.ts';
import { $clickDummyContact, forgetClickDummyContact } from '../stores/contact.ts';
import { $savedClickDummies } from '../stores/saved.ts';
import { $ui } from '../../../stores/ui.ts';
import { ContactDialog } from './ContactDialog.tsx';
import { FullscreenToggle } from './FullscreenToggle.tsx';
import { PromptEditor } from './PromptEditor.tsx';
import { SavedList } from './SavedList.tsx';
import { TemplatePicker } from './TemplatePicker.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { text } from '../../../components/ui/classes.ts';
import { useMounted } from '../../../components/ui/useMounted.ts';

// The demo is a small app of its own: loaded only when a visitor opens it.
const BookingDemo = lazy(() => import('./booking/BookingDemo.tsx'));

/**
 * The click-dummy section of the start page (SPEC §2, §4): a prompt becomes a click-dummy request,
 * saved in this browser and sent to the click dummy's route; the booking template opens the demo.
 * What happens is the store's ($clickDummy and its actions); this view lays it out and moves the
 * focus back to the prompt after a template, a saved entry, a removal or the demo.
 */
export default function ClickDummy() {
  const mounted = useMounted();
  const { templates, selectedId, contactOpen, demoOpen } = useStore($clickDummy);
  const storedSaved = useStore($savedClickDummies);
  const storedContact = useStore($clickDummyContact);
  const { isClickDummyFullscreen: fullscreen } = useStore($ui);
  // Until hydration the server's view: nothing saved in a browser yet.
  const saved = mounted ? storedSaved : [];
  const contact = mounted ? storedContact : null;
  const promptField = useRef<HTMLTextAreaElement>(null);
  const wasDemoOpen = useRef(false);
  const focusPrompt = () => promptField.current?.focus();

  useEffect(() => void loadTemplates(), []);

  // Closing the demo returns to the prompt it came from; the prompt is visible only after the render.
  useEffect(() => {
    if (demoOpen) wasDemoOpen.current = true;
    else if (wasDemoOpen.current) {
      wasDemoOpen.current = false;
      focusPrompt();
    }
  }, [demoOpen]);

  const examples = useMemo(() => templates.map((template) => template.clickDummy), [templates]);

  return (
    <div
      data-testid="click-dummy"
      data-fullscreen={fullscreen ? 'true' : 'false'}
      role={fullscreen ? 'region' : undefined}
      aria-label={fullscreen ? 'Click-Dummy im Vollbild' : undefined}
      className={fullscreen ? 'fixed inset-0 z-30 overflow-y-auto bg-white px-4 pb-10 pt-20 dark:bg-slate-950' : 'mt-10'}
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
          <FullscreenToggle fullscreen={fullscreen} />
        </div>

        {demoOpen ? (
          <Suspense fallback={<p className="mt-6" role="status">Demo wird geladen …</p>}>
            <BookingDemo onClose={closeDemo} />
          </Suspense>
        ) : null}

        <div className={`mt-6 grid gap-8 lg:grid-cols-[3fr_2fr] ${demoOpen ? 'hidden' : ''}`}>
          <PromptEditor fieldRef={promptField} rows={fullscreen ? 14 : 8} />
          <TemplatePicker
            templates={templates}
            texts={examples}
            onTakeOver={(prompt) => {
              takeOverTemplate(prompt);
              focusPrompt();
            }}
          />
        </div>

        <div className={demoOpen ? 'hidden' : ''}>
          <SavedList
            saved={[...saved].reverse()}
            selectedId={selectedId}
            onView={(entry) => {
              viewSaved(entry);
              focusPrompt();
            }}
            onRemove={(entry) => {
              removeSaved(entry);
              focusPrompt();
            }}
          />
        </div>
      </div>

      <ContactDialog open={contactOpen} initial={contact} onClose={closeContactDialog} onSave={(given) => void saveContactAndRequest(given)} />
    </div>
  );
}
