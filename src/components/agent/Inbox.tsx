import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { InboxItem } from '../../lib/agent/inbox-types.ts';
import { INBOX_STATUSES, INBOX_TYPES, inboxStatusLabels, inboxTypeLabels, type InboxStatus } from '../../lib/schemas/inbox.ts';
import { $agentInbox, filterInbox, showInbox } from '../../stores/agent-lists.ts';
import { ErrorAlert } from './ErrorAlert.tsx';
import { countOf, dateTime } from './format.ts';
import { InboxDetail } from './InboxDetail.tsx';
import { LabelledSelect } from './LabelledSelect.tsx';
import { Pagination } from './Pagination.tsx';
import { Badge } from '../ui/Badge.tsx';
import { listItemClass, text, type Tone } from '../ui/classes.ts';

// A new item stands out; one in progress or done is a quiet outline.
const statusTone: Record<InboxStatus, Tone> = {
  new: 'brand',
  in_progress: 'neutral',
  done: 'neutral',
};

/** Everything else the site received: filter by type and status, page through, open one. */
export function Inbox() {
  const { filter, page: data, error } = useStore($agentInbox);
  const { type, status } = filter;
  // The open item stays open when a filter or a status change drops it from the list; while it
  // is listed, the list's newer state of it is shown.
  const [selected, setSelected] = useState<InboxItem | null>(null);
  const item = (selected && data?.items.find((i) => i.type === selected.type && i.id === selected.id)) ?? selected;

  useEffect(() => showInbox(), []);

  return (
    <section aria-labelledby="agent-inbox" className="grid gap-4">
      <h2 id="agent-inbox" className={text.h2}>
        Posteingang
      </h2>
      <form className="flex flex-wrap items-end gap-4" onSubmit={(event) => event.preventDefault()} aria-label="Posteingang filtern">
        <LabelledSelect
          id="inbox-type"
          label="Art"
          none="Alle Arten"
          value={type}
          options={INBOX_TYPES}
          optionLabel={(option) =>
            `${inboxTypeLabels[option]}${data && data.newCounts[option] > 0 ? ` (${data.newCounts[option]} neu)` : ''}`
          }
          onChange={(next) => filterInbox({ type: next, page: 1 })}
        />
        <LabelledSelect
          id="inbox-status"
          label="Status"
          none="Alle Status"
          value={status}
          options={INBOX_STATUSES}
          optionLabel={(option) => inboxStatusLabels[option]}
          onChange={(next) => filterInbox({ status: next, page: 1 })}
        />
      </form>
      <ErrorAlert message={error} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <div className="grid gap-4">
          {!data ? (
            <p className={text.body}>Der Posteingang wird geladen …</p>
          ) : data.items.length === 0 ? (
            <p className={text.body}>Keine Eingänge für diese Auswahl.</p>
          ) : (
            <ul className="grid gap-2">
              {data.items.map((entry) => {
                const isSelected = item !== null && item.type === entry.type && item.id === entry.id;
                return (
                  <li key={`${entry.type}-${entry.id}`}>
                    <button
                      type="button"
                      aria-current={isSelected ? 'true' : undefined}
                      className={listItemClass(isSelected)}
                      onClick={() => setSelected(entry)}
                    >
                      <span className="flex flex-wrap items-center gap-2">
                        <Badge tone={statusTone[entry.status]}>{inboxStatusLabels[entry.status]}</Badge>
                        <span className={text.muted}>
                          {inboxTypeLabels[entry.type]} · {dateTime(entry.receivedAt)}
                        </span>
                      </span>
                      <span className={`${text.typed} text-slate-900 dark:text-slate-100`}>{entry.title}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination label="Seiten des Posteingangs" page={data} total={countOf(data?.totalItems ?? 0, 'Eingang', 'Eingänge')} onPage={(page) => filterInbox({ page })} />
        </div>
        {item ? (
          <InboxDetail key={`${item.type}-${item.id}`} item={item} onChanged={setSelected} />
        ) : (
          <p className={text.body}>Wählen Sie einen Eingang aus, um alle Angaben zu sehen und ihn zu bearbeiten.</p>
        )}
      </div>
    </section>
  );
}
