import { useState } from 'react';
import { fetchInbox } from '../../client/agent.ts';
import type { InboxItem, InboxPage } from '../../lib/agent/inbox-types.ts';
import { INBOX_STATUSES, INBOX_TYPES, inboxStatusLabels, inboxTypeLabels, type InboxStatus, type InboxType } from '../../lib/schemas/inbox.ts';
import { dateTime, reportFailure } from './format.ts';
import { InboxDetail } from './InboxDetail.tsx';
import { Pagination } from './Pagination.tsx';
import { ui } from './styles.ts';
import { usePolling } from './usePolling.ts';

/** New forms and orders are less urgent than a waiting visitor: a slower refresh is enough. */
const INBOX_POLL_MS = 15_000;

interface Props {
  onAccessLost(): void;
}

const statusPill: Record<InboxStatus, string> = {
  new: 'inline-block rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white',
  in_progress: ui.pill,
  done: ui.pill,
};

interface FilterSelectProps<T extends string> {
  id: string;
  label: string;
  /** The first option, which removes the filter. */
  allLabel: string;
  value: T | '';
  options: readonly T[];
  optionLabel(option: T): string;
  onChange(next: T | ''): void;
}

function FilterSelect<T extends string>({ id, label, allLabel, value, options, optionLabel, onChange }: FilterSelectProps<T>) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select id={id} value={value} className={ui.input} onChange={(event) => onChange(event.target.value as T | '')}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Everything else the site received: filter by type and status, page through, open one. */
export function Inbox({ onAccessLost }: Props) {
  const [type, setType] = useState<InboxType | ''>('');
  const [status, setStatus] = useState<InboxStatus | ''>('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<InboxPage | null>(null);
  // The open item stays open when a filter or a status change drops it from the list.
  const [selected, setSelected] = useState<InboxItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);

  usePolling(
    async (signal) => {
      try {
        const next = await fetchInbox({ type, status, page }, signal);
        setData(next);
        setSelected((open) => (open && next.items.find((i) => i.type === open.type && i.id === open.id)) ?? open);
        setError(null);
      } catch (caught) {
        if (signal.aborted) return;
        reportFailure(caught, onAccessLost, setError);
      }
    },
    INBOX_POLL_MS,
    [type, status, page, refresh],
  );

  const item = selected;
  const changed = (next: InboxItem) => {
    setSelected(next);
    setData((current) => current && { ...current, items: current.items.map((i) => (i.type === next.type && i.id === next.id ? next : i)) });
    setRefresh((n) => n + 1); // counts and filters may have changed
  };

  return (
    <section aria-labelledby="agent-inbox" className="grid gap-4">
      <h2 id="agent-inbox" className={ui.h2}>
        Posteingang
      </h2>
      <form className="flex flex-wrap items-end gap-4" onSubmit={(event) => event.preventDefault()} aria-label="Posteingang filtern">
        <FilterSelect
          id="inbox-type"
          label="Art"
          allLabel="Alle Arten"
          value={type}
          options={INBOX_TYPES}
          optionLabel={(option) =>
            `${inboxTypeLabels[option]}${data && data.newCounts[option] > 0 ? ` (${data.newCounts[option]} neu)` : ''}`
          }
          onChange={(next) => {
            setType(next);
            setPage(1);
          }}
        />
        <FilterSelect
          id="inbox-status"
          label="Status"
          allLabel="Alle Status"
          value={status}
          options={INBOX_STATUSES}
          optionLabel={(option) => inboxStatusLabels[option]}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </form>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <div className="grid gap-4">
          {!data ? (
            <p className={ui.text}>Der Posteingang wird geladen …</p>
          ) : data.items.length === 0 ? (
            <p className={ui.text}>Keine Eingänge für diese Auswahl.</p>
          ) : (
            <ul className="grid gap-2">
              {data.items.map((entry) => {
                const isSelected = item !== null && item.type === entry.type && item.id === entry.id;
                return (
                  <li key={`${entry.type}-${entry.id}`}>
                    <button
                      type="button"
                      aria-current={isSelected ? 'true' : undefined}
                      className={`${ui.listButton} ${isSelected ? ui.selected : ui.unselected}`}
                      onClick={() => setSelected(entry)}
                    >
                      <span className="flex flex-wrap items-center gap-2">
                        <span className={statusPill[entry.status]}>{inboxStatusLabels[entry.status]}</span>
                        <span className={ui.muted}>
                          {inboxTypeLabels[entry.type]} · {dateTime(entry.receivedAt)}
                        </span>
                      </span>
                      <span className="break-words text-slate-900 dark:text-slate-100">{entry.title}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {data && (
            <Pagination
              label="Seiten des Posteingangs"
              currentPage={data.currentPage}
              totalPages={data.totalPages}
              total={data.totalItems === 1 ? '1 Eingang' : `${data.totalItems} Eingänge`}
              onPage={setPage}
            />
          )}
        </div>
        {item ? (
          <InboxDetail key={`${item.type}-${item.id}`} item={item} onChanged={changed} onAccessLost={onAccessLost} />
        ) : (
          <p className={ui.text}>Wählen Sie einen Eingang aus, um alle Angaben zu sehen und ihn zu bearbeiten.</p>
        )}
      </div>
    </section>
  );
}
