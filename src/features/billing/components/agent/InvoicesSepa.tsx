import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatEuro } from '../../../../lib/money.ts';
import { $agentSepa, downloadSepaFile, sepaExportUrl, showSepa } from '../../stores/agent-invoices.ts';
import { reportAgentFailure } from '../../../../stores/agent-failure.ts';
import { ErrorAlert } from '../../../../components/agent/ErrorAlert.tsx';
import { countOf, dateTime, germanDate } from '../../../../components/agent/format.ts';
import { Button } from '../../../../components/ui/Button.tsx';
import { text } from '../../../../components/ui/classes.ts';
import { DataTable } from '../../../../components/ui/DataTable.tsx';

/** Hands a file the page holds to the browser's download, as a link to it would. */
function save(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started from the URL by now; a minute later nothing needs it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The direct debits of the next SEPA file, the button that makes it, and the files made before. */
export function InvoicesSepa() {
  const { page: data, error } = useStore($agentSepa);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => showSepa(), []);

  const download = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { fileName, file } = await downloadSepaFile();
      save(fileName, file);
      setOutcome({ ok: true, message: `Die Datei ${fileName} ist erstellt. Bitte reichen Sie sie bei der Bank ein.` });
    } catch (caught) {
      reportAgentFailure(caught, (message) => setOutcome({ ok: false, message }));
    } finally {
      setBusy(false);
    }
  };

  const debits = data?.due.debits ?? [];
  return (
    <section aria-labelledby="agent-sepa" className="grid gap-4">
      <h3 id="agent-sepa" className={text.h3}>
        SEPA-Lastschriften
      </h3>
      <ErrorAlert message={error} />
      {!data ? (
        <p className={text.body}>Die Lastschriften werden geladen …</p>
      ) : (
        <>
          <p className={text.body}>
            {debits.length === 0
              ? 'Zurzeit sind keine Lastschriften fällig.'
              : `${countOf(debits.length, 'fällige Lastschrift', 'fällige Lastschriften')} über ${formatEuro(data.due.totalCents)}.`}
          </p>
          {debits.length > 0 && (
            <DataTable
              caption="Fällige Lastschriften"
              captionHidden
              rows={debits}
              rowKey={(debit) => debit.invoiceNumber}
              columns={[
                { header: 'Rechnung', rowHeader: true, cell: (debit) => debit.invoiceNumber },
                { header: 'Kontoinhaber', cell: (debit) => debit.debtorName },
                { header: 'Mandatsreferenz', cell: (debit) => debit.mandateReference },
                { header: 'Betrag', numeric: true, cell: (debit) => formatEuro(debit.amountCents) },
                {
                  header: 'Einzug am',
                  cell: (debit) => (
                    <>
                      {germanDate(debit.collectionOn)}
                      {debit.collectionOn !== debit.debitOn && <span className={`block ${text.muted}`}>angekündigt {germanDate(debit.debitOn)}</span>}
                    </>
                  ),
                },
                { header: 'Art', cell: (debit) => (debit.sequenceType === 'FRST' ? 'Erstlastschrift' : 'Folgelastschrift') },
              ]}
            />
          )}
          <div>
            <Button type="button" pending={busy} disabled={debits.length === 0} onClick={() => void download()}>
              pain.008 herunterladen
            </Button>
          </div>
        </>
      )}
      <p role="status" className={outcome?.ok === false ? text.error : text.success}>
        {outcome?.message}
      </p>
      {data && data.exports.length > 0 && (
        <div className="grid gap-2">
          <h4 className={text.label}>Frühere Dateien</h4>
          <ul className="grid gap-1">
            {data.exports.map((file) => (
              <li key={file.id} className={text.body}>
                <a href={sepaExportUrl(file.id)} download className={text.link}>
                  {file.fileName}
                </a>{' '}
                <span className={text.muted}>
                  · {dateTime(file.createdAt)}
                  {file.createdBy && ` von ${file.createdBy}`} · {countOf(file.debitCount, 'Lastschrift', 'Lastschriften')} über {formatEuro(file.totalCents)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
