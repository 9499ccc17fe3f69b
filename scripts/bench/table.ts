/**
 * The one table of docs/benchmarks.md: endpoint cases per database against their ceiling, the
 * chat benchmark and the hashcash solver, with the run's machine and settings above it.
 */
import type { DriverResult } from './api-bench.ts';
import type { ChatResult } from './chat-run.ts';
import type { HashcashRow } from './hashcash.ts';

export interface BenchReport {
  date: Date;
  machine: string;
  versions: string;
  seconds: number;
  connections: number;
  drivers: DriverResult[];
  chat: ChatResult;
  hashcash: HashcashRow[];
}

const GOAL_PERCENT = 50;
const DRIVER_NAMES = { postgres: 'PostgreSQL (pg)', pglite: 'PGlite' } as const;

const number = (value: number, digits = 0) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
const ms = (value: number) => `${number(value)} ms`;
const perSecond = (value: number) => `${number(value, value < 10 ? 1 : 0)} Anfragen/s`;

type Row = [string, string, string, string, string, string];

function endpointRows(result: DriverResult): Row[] {
  const database = DRIVER_NAMES[result.driver];
  const { ceiling } = result;
  const rows: Row[] = [
    [
      'Obergrenze: `node:http` + `SELECT 1`',
      database,
      perSecond(ceiling.requestsPerSecond),
      `p50 ${ms(ceiling.p50)} · p99 ${ms(ceiling.p99)}`,
      String(ceiling.non2xx + ceiling.errors),
      '100 %',
    ],
  ];
  for (const entry of result.cases) {
    const percent = (entry.requestsPerSecond / ceiling.requestsPerSecond) * 100;
    const failures = entry.non2xx + entry.errors;
    const verdict = entry.goal ? (percent >= GOAL_PERCENT && failures === 0 ? ' ✓' : ' ✗') : '';
    rows.push([
      entry.note ? `${entry.name} – ${entry.note}` : entry.name,
      database,
      perSecond(entry.requestsPerSecond),
      `p50 ${ms(entry.p50)} · p99 ${ms(entry.p99)}`,
      String(failures),
      `${number(percent, 1)} %${verdict}`,
    ]);
  }
  return rows;
}

function chatRow(chat: ChatResult): Row {
  const { options } = chat;
  return [
    `\`bench:chat\`: ${options.visitors} Besucher × ${options.messages} Nachrichten, ${chat.agents} Agenten, Abfrage alle ${options.pollMs} ms`,
    DRIVER_NAMES.postgres,
    `${number(chat.messagesPerSecond, 1)} Nachrichten/s`,
    `Besucher → Agent p50 ${ms(chat.visitorToAgent.p50)} · p95 ${ms(chat.visitorToAgent.p95)}; ` +
      `Agent → Besucher p50 ${ms(chat.agentToVisitor.p50)} · p95 ${ms(chat.agentToVisitor.p95)}`,
    `${chat.lost} verloren, ${chat.duplicated} doppelt`,
    '–',
  ];
}

function hashcashRows(rows: HashcashRow[]): Row[] {
  return rows
    .filter((row) => row.percentOfNative !== undefined)
    .map((row) => [
      `\`bench:hashcash\`: ${row.label}`,
      '–',
      `${number(row.megaHashesPerSecond, 2)} Mio. Hashes/s`,
      '–',
      '–',
      `${number(row.percentOfNative!, 1)} % von nativ (${number(rows.find((r) => r.percentOfNative === undefined)?.megaHashesPerSecond ?? 0, 2)} Mio./s)`,
    ]);
}

export function tableRows(report: BenchReport): Row[] {
  return [...report.drivers.flatMap(endpointRows), chatRow(report.chat), ...hashcashRows(report.hashcash)];
}

export function markdownTable(rows: Row[]): string {
  const header: Row = ['Messung', 'Datenbank', 'Durchsatz', 'Latenz', 'Fehler', 'Anteil an der Obergrenze'];
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function benchmarksMarkdown(report: BenchReport): string {
  return `# Benchmarks

Erzeugt von \`npm run bench\` am ${report.date.toISOString().slice(0, 10)} – nicht von Hand bearbeiten.
Rechner: ${report.machine}; ${report.versions}.

${markdownTable(tableRows(report))}

So wird gemessen (Entscheidung 0020):

- **Endpunkte**: der gebaute Stand mit \`scripts/serve.ts\` (was \`npm start\` nach dem Build startet),
  je Datenbank auf einer frischen Datenbank; autocannon mit ${report.connections} Verbindungen,
  ${report.seconds} s je Fall nach 1 s Aufwärmen mit einer Verbindung; die Anmeldung mindestens 15 s
  und mit 30 s statt 10 s Zeitlimit je Anfrage, weil eine einzelne unter Last Sekunden dauert.
  Die Obergrenze ist ein nackter \`node:http\`-Server, der je Anfrage \`SELECT 1\` über dieselbe
  Datenbankschicht (\`src/server/db\`, gleicher Treiber) schickt, im selben Lauf gemessen. Ziel (Issue 12): Formular- und Chat-Endpunkte (✓/✗) mindestens ${GOAL_PERCENT} %
  der Obergrenze bei 0 Fehlern; \`/api/auth/me\` ist nur zum Vergleich dabei.
- **Ratenlimits bleiben scharf.** Hashcash-Aufgaben sind auf 30 je Minute und Adresse begrenzt: jede
  Verbindung kommt von einer eigenen Loopback-Adresse (127.x.y.z) und wechselt sie nach 10 Anfragen.
  Besucher-Nachrichten sind auf 20 je Minute und Besucher begrenzt: gemessen wird daher die
  Chat-Antwort eines angemeldeten Agenten (Agenten haben kein Limit); Besucher-Nachrichten misst
  \`bench:chat\` mit realistischen Raten. Anmeldungen zählen nur Fehlversuche, gemessen werden
  erfolgreiche (bcrypt mit Kosten 10 ist gewollt teuer).
- **\`bench:chat\`**: Besucher mit je eigener Loopback-Adresse und zwei Agenten auf PostgreSQL; jede
  Besucher-Nachricht bekommt eine Antwort; beide Seiten fragen mit dem \`after\`-Cursor ab. Die Latenz
  reicht vom Absenden bis zu der Abfrage der Gegenseite, die die Nachricht liefert, und enthält
  daher das Abfrageintervall.
- **\`bench:hashcash\`**: der Löser in einem Web Worker von Chromium gegen die native SHA-256-Rate
  (\`openssl speed\`, ein Kern) im selben Lauf.

Messungen auf einem geteilten Rechner schwanken; verglichen werden Verhältnisse, nicht absolute Zahlen.
`;
}
