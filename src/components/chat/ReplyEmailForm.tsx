import { useId, useState, type FormEvent } from 'react';
import { chatTexts } from '../../lib/chat/texts.ts';
import { ChatEmailInputSchema } from '../../lib/schemas/chat.ts';
import type { ReplyEmailRefusal } from '../../stores/visitor-chat.ts';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { TextField } from '../forms/Fields.tsx';
import { useFormFields } from '../forms/useFormFields.ts';
import { Button } from '../ui/Button.tsx';
import { cardClass, field, text } from '../ui/classes.ts';

interface ReplyEmailFormProps {
  onSave: (email: string) => Promise<ReplyEmailRefusal | null>;
}

/**
 * The offline path (issue 11): where the support's reply is mailed while nobody is online. The
 * address is checked with the schema the server uses (ChatEmailInputSchema); a failed send moves
 * the focus to the form's error summary, whose link leads to the field (decision 0070).
 */
export function ReplyEmailForm({ onSave }: ReplyEmailFormProps) {
  // A failure of the step itself (no connection): no field is wrong, so it stands below the form.
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormFields(`${useId()}-reply`, ChatEmailInputSchema, { email: '' }, { onChange: () => setFailure(null) });
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!form.touchAll() || !form.output) return; // the summary and the field say why
    setSaving(true);
    const refusal = await onSave(form.output.email);
    setSaving(false);
    if (refusal?.field) form.refuse({ [refusal.field]: refusal.message });
    else if (refusal) setFailure(refusal.message);
  };

  return (
    <KitForm summary={form.summary} onSubmit={(event) => void submit(event)} className={`mt-2 grid justify-items-start gap-2 ${cardClass({ padding: 'sm' })}`}>
      <TextField
        form={form}
        field="email"
        type="email"
        autoComplete="email"
        label={chatTexts.emailLabel}
        hint={
          <>
            {chatTexts.emailHint}{' '}
            <a href="/datenschutz" className={text.link}>
              Datenschutzerklärung
            </a>
          </>
        }
        className="w-full text-small"
      />
      <Button type="submit" variant="secondary" size="sm" pending={saving}>
        {chatTexts.emailSave}
      </Button>
      {failure && (
        <p role="alert" className={field.error}>
          {failure}
        </p>
      )}
    </KitForm>
  );
}
