import { useEffect, useState } from 'react';
import { deobfuscate } from '../../lib/obfuscate.ts';
import { buttonClass, text } from '../ui/classes.ts';
import { useMounted } from '../ui/useMounted.ts';

/** SPEC §9: the copy confirmation shows for 1.5 s. */
const COPY_CONFIRMATION_MS = 1500;

/**
 * The company's e-mail address, present in the HTML only in encoded form (harvesters find no
 * address); decoded after hydration. Copying it – with the button or by selecting the text –
 * shows a short confirmation.
 */
export default function ObfuscatedEmail({ encoded }: { encoded: string }) {
  const mounted = useMounted();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  if (!mounted) return <span>E-Mail-Adresse: bitte JavaScript aktivieren oder anrufen</span>;
  const address = deobfuscate(encoded);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
    } catch {
      // Clipboard blocked: the address stays visible and selectable.
      return;
    }
    setCopied(true);
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <a href={`mailto:${address}`} onCopy={() => setCopied(true)} className={text.link}>
        {address}
      </a>
      <button type="button" onClick={() => void copy()} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        Kopieren
      </button>
      <span role="status" className={`text-small ${text.success}`}>
        {copied ? 'E-Mail-Adresse kopiert' : ''}
      </span>
    </span>
  );
}
