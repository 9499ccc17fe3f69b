import { secondaryButton } from './styles.ts';
import type { HashcashState } from './useProofOfWork.ts';

/** Where the proof of work stands, announced politely, with a retry after it failed. */
export function ProofOfWorkStatus({ hashcash, onRetry }: { hashcash: HashcashState; onRetry: () => void }) {
  return (
    <div className="mt-3 text-sm" aria-live="polite">
      {hashcash.status === 'idle' && <p>Die Sicherheitsprüfung startet, sobald Sie das Formular ausfüllen.</p>}
      {hashcash.status === 'loading' && <p>Spam-Schutz: Aufgaben werden geladen …</p>}
      {hashcash.status === 'solving' && (
        <p className="flex items-center gap-3">
          <span>
            Spam-Schutz wird berechnet: {hashcash.solved} von {hashcash.total}
          </span>
          <progress max={hashcash.total} value={hashcash.solved} aria-label="Fortschritt des Spam-Schutzes" className="h-2 w-32" />
        </p>
      )}
      {hashcash.status === 'validated' && <p className="text-green-700 dark:text-green-300">Spam-Schutz abgeschlossen.</p>}
      {hashcash.status === 'failed' && (
        <p className="flex flex-wrap items-center gap-3 text-red-700 dark:text-red-300">
          <span>{hashcash.message}</span>
          <button type="button" className={secondaryButton} onClick={onRetry}>
            Erneut versuchen
          </button>
        </p>
      )}
    </div>
  );
}
