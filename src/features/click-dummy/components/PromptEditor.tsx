import { useStore } from '@nanostores/react';
import type { KeyboardEvent, Ref } from 'react';
import { $clickDummy, createClickDummy, setPrompt } from '../stores/click-dummy.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { field, text } from '../../../components/ui/classes.ts';

const PROMPT_ID = 'click-dummy-prompt';

/** Enter creates, Shift + Enter starts a new line; a composing input method keeps its Enter. */
function onPromptKey(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
    event.preventDefault();
    createClickDummy();
  }
}

/** The prompt, its create button and the line that says what became of the last request. */
export function PromptEditor({ fieldRef, rows }: { fieldRef: Ref<HTMLTextAreaElement>; rows: number }) {
  const { prompt, notice } = useStore($clickDummy);
  return (
    <div>
      <label htmlFor={PROMPT_ID} className={`block ${text.h3}`}>
        Beschreiben Sie Ihre Anwendung
      </label>
      <p id={`${PROMPT_ID}-hint`} className={field.hint}>
        Enter erstellt den Click-Dummy, Umschalt + Enter beginnt eine neue Zeile.
      </p>
      <textarea
        ref={fieldRef}
        id={PROMPT_ID}
        value={prompt}
        rows={rows}
        onChange={(event) => setPrompt(event.target.value)}
        onKeyDown={onPromptKey}
        aria-describedby={`${PROMPT_ID}-hint`}
        placeholder="Zum Beispiel: Eine Anwendung, in der unsere Kunden Termine buchen und Rechnungen herunterladen …"
        className={`mt-3 ${field.control}`}
      />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onClick={createClickDummy}>Click-Dummy erstellen</Button>
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
  );
}
