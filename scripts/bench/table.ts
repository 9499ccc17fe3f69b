/**
 * docs/benchmarks.md: the endpoint table (round trips as the data layer counted them, latency
 * with PostgreSQL directly and behind the 5 ms proxy) and the chat and hashcash benchmarks, with
 * the run's machine and settings above them.
 */
import type { CaseResult } from './api-bench.ts';
import type { ChatResult } from './chat-run.ts';
import type { HashcashRow } from './hashcash.ts';
import type { Summary } from './samples.ts';

export interface BenchReport {
  date: Date;
  machine: string;
  versions: string;
  seconds: number;
  delayMs: number;
  endpoints: CaseResult[];
  chat: ChatResult;
  hashcash: HashcashRow[];
}

const number = (value: number, digits = 0) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
const ms = (value: number, digits = 1) => `${number(value, digits)} ms`;

/** "3" when every answer took the same number of round trips, "3–5" when they varied, "?" when none reported one. */
export function roundTripCell(summaries: readonly (Summary | undefined)[]): string {
  const ranges = summaries.flatMap((summary) => (summary?.roundTrips ? [summary.roundTrips] : []));
  if (ranges.length === 0) return '?';
  const min = Math.min(...ranges.map((range) => range.min));
  const max = Math.max(...ranges.map((range) => range.max));
  return min === max ? String(min) : `${min}–${max}`;
}

const latencyCell = (summary: Summary | undefined) => (summary ? `${ms(summary.p50)} · ${ms(summary.p95)}` : '–');

/** What the proxy added at the median, beside what the counted round trips let expect. */
export function extraCell(result: CaseResult, delayMs: number): string {
  const { direct, proxy } = result;
  if (!direct || !proxy) return '–';
  // Only a fixed count lets expect a fixed extra time.
  const trips = roundTripCell([direct, proxy]);
  const expected = /^\d+$/.test(trips) ? ` (${trips} × ${delayMs} = ${ms(Number(trips) * delayMs, 0)})` : '';
  const extra = proxy.p50 - direct.p50;
  return `${extra < 0 ? '−' : '+'}${ms(Math.abs(extra))}${expected}`;
}

export function endpointTable(results: readonly CaseResult[], delayMs: number): string {
  const header = ['Anfrage', 'Round Trips', 'direkt: p50 · p95', `+${delayMs} ms je Round Trip: p50 · p95`, 'Aufschlag p50 (erwartet)', 'Anfragen', 'Fehler'];
  return markdownTable(
    header,
    results.map((result) => [
      result.note ? `${result.name} – ${result.note}` : result.name,
      roundTripCell([result.direct, result.proxy]),
      latencyCell(result.direct),
      latencyCell(result.proxy),
      extraCell(result, delayMs),
      `${result.direct?.requests ?? 0} / ${result.proxy?.requests ?? 0}`,
      String(result.failures),
    ]),
  );
}

export function otherTable(chat: ChatResult, hashcash: readonly HashcashRow[]): string {
  const { options } = chat;
  const native = hashcash.find((row) => row.percentOfNative === undefined)?.megaHashesPerSecond ?? 0;
  return markdownTable(
    ['Messung', 'Ergebnis', 'Latenz', 'Fehler'],
    [
      [
        `\`bench:chat\`: ${options.visitors} Besucher × ${options.messages} Nachrichten, ${chat.agents} Agenten, Abfrage alle ${options.pollMs} ms, PostgreSQL direkt`,
        `${number(chat.messagesPerSecond, 1)} Nachrichten/s`,
        `Besucher → Agent p50 ${ms(chat.visitorToAgent.p50, 0)} · p95 ${ms(chat.visitorToAgent.p95, 0)}; ` +
          `Agent → Besucher p50 ${ms(chat.agentToVisitor.p50, 0)} · p95 ${ms(chat.agentToVisitor.p95, 0)}`,
        `${chat.lost} verloren, ${chat.duplicated} doppelt`,
      ],
      ...hashcash
        .filter((row) => row.percentOfNative !== undefined)
        .map((row) => [
          `\`bench:hashcash\`: ${row.label}`,
          `${number(row.megaHashesPerSecond, 2)} Mio. Hashes/s = ${number(row.percentOfNative!, 1)} % von nativ (${number(native, 2)} Mio./s)`,
          '–',
          '–',
        ]),
    ],
  );
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function benchmarksMarkdown(report: BenchReport): string {
  const d = report.delayMs;
  return `# Benchmarks

Erzeugt von \`npm run bench\` am ${report.date.toISOString().slice(0, 10)} – nicht von Hand bearbeiten.
Rechner: ${report.machine}; ${report.versions}.

## Endpunkte: Round Trips und Latenz

${endpointTable(report.endpoints, d)}

## Chat und Hashcash

${otherTable(report.chat, report.hashcash)}

## So wird gemessen (Entscheidung 0045)

- **Round Trips** zählt die Datenbankschicht selbst (\`src/server/db/round-trips.ts\`): jede Anweisung,
  jedes \`BEGIN\` und \`COMMIT\` einmal. Jede API-Antwort meldet die Zahl im Kopf
  \`Server-Timing: db;…;desc="N round trips"\`; die Tabelle zeigt, was die Antworten des Laufs
  gemeldet haben (ein Wert, oder kleinster–größter, wenn er schwankte). Eine Antwort ohne Zählung
  gilt als Fehler – nichts wird geschätzt.
- **Latenz**: der gebaute Stand mit \`scripts/serve.ts\` (was \`npm start\` nach dem Build startet) auf
  einer frischen PostgreSQL-Datenbank über den Treiber \`pg\`, einmal direkt verbunden und einmal
  über einen TCP-Proxy auf 127.0.0.1 (\`scripts/bench/delay-proxy.ts\`), der jede Antwort der
  Datenbank um ${d} ms verzögert – so viel kostet ein Round Trip zu Neon in derselben Region
  typischerweise. Der Proxy hält, was der Server schickt, ab dem Eintreffen ${d} ms zurück und gibt
  es in derselben Reihenfolge weiter; jeder Austausch Anfrage → Antwort kostet also einmal ${d} ms,
  auch wenn die Antwort in mehreren Stücken kommt. Der Aufschlag beim Median sollte daher etwa
  Round Trips × ${d} ms sein.
- **Eine Anfrage nach der anderen**, so wie eine Funktionsinstanz auf Netlify je Aufruf eine
  Anfrage bedient. Beide Spalten laufen gleichzeitig, jede mit eigenem Server auf eigener frischer
  Datenbank, und ihre Anfragen wechseln sich ab (eine direkt, eine über den Proxy), damit
  wechselnde Last auf dem Rechner beide gleich trifft: je Fall 3 ungezählte zum Aufwärmen, dann
  ${2 * report.seconds} s lang, mindestens 20 je Spalte. Gemessen wird vom Absenden bis zur
  vollständigen Antwort; was eine Anfrage vorbereitet (neuer Besucher, Hashcash-Aufgaben holen und
  lösen), liegt außerhalb der Messung. „Anfragen“ nennt die gemessenen Anfragen direkt / mit Proxy.
- **Ratenlimits bleiben scharf.** Jeder simulierte Besucher kommt von einer eigenen Loopback-Adresse
  (127.x.y.z) und wird ersetzt, bevor er ein Limit erreicht: Besucher-Nachrichten 15 je Besucher
  (Limit 20 je Minute), Captcha-Bilder und Hashcash-Aufgaben 25 je Adresse (Limit 30 je Minute),
  Bestellungen 10 je Adresse (Limit 30 je 10 Minuten). Jede Bestellung hat eine eigene
  E-Mail-Adresse und einen eigenen Idempotency-Key. Anmeldungen zählen nur Fehlversuche; gemessen
  werden erfolgreiche (bcrypt mit Kosten 10 ist gewollt teuer).
- **Hashcash im Lauf**: 2 Aufgaben der Schwierigkeit 2 statt 48 der Schwierigkeit 4, damit der
  Benchmark nicht vor jeder Bestellung Sekunden rechnet. Die Lösungen einer Bestellung verbraucht
  der Server in einer Anweisung; die Round Trips ändert das nicht, die Hashcash-Antwort wird um 46
  Signaturen billiger.
- **\`bench:chat\`**: Besucher mit je eigener Loopback-Adresse und zwei Agenten auf PostgreSQL (direkt);
  jede Besucher-Nachricht bekommt eine Antwort; beide Seiten fragen mit dem \`after\`-Cursor ab. Die
  Latenz reicht vom Absenden bis zu der Abfrage der Gegenseite, die die Nachricht liefert, und
  enthält daher das Abfrageintervall. Keine Nachricht darf verloren gehen oder doppelt ankommen.
- **\`bench:hashcash\`**: der Löser in einem Web Worker von Chromium gegen die native SHA-256-Rate
  (\`openssl speed\`, ein Kern) im selben Lauf.
- Fehler (Antworten mit unerwartetem Status, abgebrochene Anfragen, Antworten ohne Zählung,
  verlorene oder doppelte Chat-Nachrichten) lassen \`npm run bench\` mit Code 1 enden; Geschwindigkeit nie.

Messungen auf einem geteilten Rechner schwanken (die Last beim Start steht oben); belastbar sind die
Round Trips und der Aufschlag durch den Proxy, nicht die absoluten Millisekunden.
`;
}
