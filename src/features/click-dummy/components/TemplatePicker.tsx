import type { PromptTemplate } from '../../../lib/schemas/locales.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { listItemClass, text } from '../../../components/ui/classes.ts';
import { usePromptTypewriter } from './usePromptTypewriter.ts';

interface TemplatePickerProps {
  templates: readonly PromptTemplate[];
  texts: readonly string[];
  onTakeOver: (prompt: string) => void;
}

/**
 * The typed example prompt with 'Prompt übernehmen' (enabled once a prompt was typed to its end,
 * SPEC §2) and the template prompts to start from. Screen readers get the example in full.
 */
export function TemplatePicker({ templates, texts, onTakeOver }: TemplatePickerProps) {
  const typewriter = usePromptTypewriter(texts);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="click-dummy-example-heading" className="rounded-card bg-slate-900 p-5 text-slate-100 shadow-raised ring-1 ring-slate-700">
        <h3 id="click-dummy-example-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-300">
          Beispiel-Prompt
        </h3>
        <p className="sr-only">{typewriter.current}</p>
        <p aria-hidden="true" data-testid="click-dummy-typewriter" className="mt-2 min-h-[12rem] whitespace-pre-wrap font-mono text-sm leading-relaxed">
          {typewriter.shown}
          <span className="ml-0.5 inline-block w-[2px] animate-pulse bg-current align-middle motion-reduce:animate-none" style={{ height: '1em' }} />
        </p>
        {/* On the example's dark ground in either theme: the dark theme's secondary look. */}
        <Button variant="secondary" disabled={!typewriter.finishedOnce} onClick={() => onTakeOver(typewriter.current)} className="dark mt-4">
          Prompt übernehmen
        </Button>
      </section>

      {templates.length > 0 && (
        <section aria-labelledby="click-dummy-templates-heading">
          <h3 id="click-dummy-templates-heading" className={text.h3}>
            Vorlagen
          </h3>
          <ul className="mt-3 grid gap-3">
            {templates.map((template) => (
              <li key={template.name}>
                <button
                  type="button"
                  onClick={() => onTakeOver(template.clickDummy)}
                  className={listItemClass(false)}
                >
                  <span className="block font-semibold text-slate-900 dark:text-white">Vorlage „{template.name}“</span>
                  <span className="block text-small text-slate-700 dark:text-slate-300">{template.description}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
