/**
 * `npm run test:lighthouse` (after `npm run build`): Lighthouse (mobile, the default form factor
 * with simulated throttling) through its Node API in one Debian Chromium, against the built site
 * served by scripts/serve.ts on a private port, for every page in dist/ (decision 0043) – one of
 * each page file: a domain page stands for the ten built from the same template (decision 0068).
 * LIGHTHOUSE_PAGES (comma-separated paths, e.g. `/,/agb`) restricts the run to those pages.
 *
 * Thresholds (issue 22): accessibility 100, best practices ≥ 96, SEO 100 always; performance 100
 * on every page when the run was idle (its CPU benchmark `benchmarkIndex` high and no other work
 * on the cores while it ran), otherwise the score is not judged and fails only below 60. On noindex pages the audit "is-crawlable"
 * fails by design and is left out of the SEO score (footnote ¹ in the table). Prints per page the
 * scores, total blocking time and the JavaScript transferred.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { startContentionProbe } from './cpu-contention.ts';
import { startBuiltSite } from './quality/built-site.ts';
import { onePerTemplate } from './quality/page-javascript.ts';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];
const minimum: Record<Exclude<Category, 'performance'>, number> = { accessibility: 100, 'best-practices': 96, seo: 100 };
/** Performance of every page on an idle machine. */
const PERFORMANCE = 100;
/** Performance on a loaded machine: below this, no load explains it. */
const PERFORMANCE_LOADED = 60;
/**
 * Lighthouse's own CPU benchmark at the start of a run. A 2-core CI runner under load scores far
 * below what it scores idle, and the simulated throttling multiplies the difference into
 * performance; from this value on, a run counts as one on an idle machine. This machine scored
 * 2320–2680 idle and 240–2190 while other jobs kept both cores busy; the cutoff lies between the
 * two, so every idle run counts and no loaded one does (decision 0043).
 */
const IDLE_BENCHMARK = 2250;
/**
 * Share of all cores' time other processes may take during a run that still counts as idle. The
 * benchmark is taken once at the start, so it misses load that begins during the run; an idle
 * machine measured 0.2–1.1 %, one busy process 43–46 % (decision 0043).
 */
const IDLE_FOREIGN_SHARE = 0.1;
/**
 * A page whose performance is below 100 is audited again at most this many times. Pages with an
 * island score 99 in about one idle run of five (total blocking time near Lighthouse's 100 ms
 * bend), so the best of several runs speaks for the page.
 */
const EXTRA_RUNS = 4;
/**
 * Re-runs start only while the whole check has run less than this (every page still gets its first
 * run). A loaded runner scores below 100 everywhere and would spend the whole budget on re-runs
 * that are not judged: 13 minutes there cost CI its limit (decision 0068).
 */
const RERUN_BUDGET_MS = 8 * 60_000;
/**
 * Lighthouse sometimes fails to record the trace of a load (NO_NAVSTART, "Please run Lighthouse
 * again"). Such a run is repeated, up to this many times per page, and is not counted as a run.
 */
const ABORTED_RUNS = 5;

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4535);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const distDir = 'dist';
// chrome-launcher reports a missing binary as an unhandled error event, which would leave the server running.
if (!existsSync(chromePath)) throw new Error(`Kein Chromium unter ${chromePath} (apt-get install chromium oder CHROMIUM_PATH setzen)`);

interface Page {
  path: string;
  /** The page asks search engines not to index it (`<meta name="robots" content="noindex">`). */
  noindex: boolean;
}

/** Every built page: `index.html` is `/`, `x.html` is `/x` (scripts/serve.ts serves pretty URLs). */
function builtPages(): Page[] {
  return readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const url = file.split(sep).join('/');
      const path = url === 'index.html' ? '/' : `/${url.replace(/(\/index)?\.html$/, '')}`;
      const html = readFileSync(join(distDir, file), 'utf8');
      return { path, noindex: /<meta\s+name="robots"\s+content="[^"]*noindex/i.test(html) };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

function selectedPages(): Page[] {
  const all = builtPages();
  // One page of each page file: a domain page stands for the ten others built from its template.
  const judged = onePerTemplate(all.map((page) => ({ ...page, route: page.path })));
  const wanted = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);
  if (!wanted?.length) return judged;
  const unknown = wanted.filter((path) => !all.some((page) => page.path === path));
  if (unknown.length > 0) throw new Error(`LIGHTHOUSE_PAGES nennt Seiten, die nicht gebaut sind: ${unknown.join(', ')}`);
  return all.filter((page) => wanted.includes(page.path));
}

const { origin, stop } = await startBuiltSite(port);

const launchChromium = () =>
  launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });

/** One Chromium for all runs: Lighthouse opens a fresh tab per run and clears the origin's storage. */
let chromium: LaunchedChrome | undefined;

async function audit(path: string): Promise<Result> {
  chromium ??= await launchChromium();
  const run = await lighthouse(`${origin}${path}`, { port: chromium.port, onlyCategories: [...categories], logLevel: 'error' });
  if (!run) throw new Error('Lighthouse lieferte kein Ergebnis');
  const { lhr } = run;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return lhr;
}

interface Run {
  lhr: Result;
  /** Share of all cores' time that went to other processes during the run. */
  foreignShare: number;
}

/** The run counts for performance 100: Lighthouse's benchmark and the cores both say nothing else ran. */
const idle = ({ lhr, foreignShare }: Run) => lhr.environment.benchmarkIndex >= IDLE_BENCHMARK && foreignShare <= IDLE_FOREIGN_SHARE;

/** One counted run; aborted runs are repeated in a fresh Chromium, since a broken tab can take the browser with it. */
async function auditOnce(path: string): Promise<Run> {
  for (let aborts = 0; ; aborts++) {
    try {
      const shares = startContentionProbe();
      const lhr = await audit(path);
      return { lhr, foreignShare: shares().foreign };
    } catch (error) {
      if (aborts >= ABORTED_RUNS) throw error;
      console.error(`Lighthouse-Lauf für ${path} abgebrochen, neuer Versuch: ${error instanceof Error ? error.message : error}`);
      chromium?.kill();
      chromium = undefined;
    }
  }
}

const percent = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * SEO as Lighthouse weighs it (weighted mean of the category's audits, 2 decimals), without
 * "is-crawlable" on a noindex page: that audit fails exactly because the page says noindex.
 */
function seoScore(lhr: Result, page: Page): number {
  if (!page.noindex) return percent(lhr.categories.seo?.score);
  let sum = 0;
  let weight = 0;
  for (const ref of lhr.categories.seo?.auditRefs ?? []) {
    if (ref.id === 'is-crawlable' || ref.weight <= 0) continue;
    sum += (lhr.audits[ref.id]?.score ?? 0) * ref.weight;
    weight += ref.weight;
  }
  return percent(weight > 0 ? Math.round((sum / weight) * 100) / 100 : 0);
}

function score(lhr: Result, page: Page, category: Category): number {
  return category === 'seo' ? seoScore(lhr, page) : percent(lhr.categories[category]?.score);
}

interface Audited {
  page: Page;
  runs: Run[];
}

/** The run that speaks for the page: the best performance, on a tie the idler machine. */
function bestRun({ runs }: Audited): Run {
  const perf = ({ lhr }: Run) => percent(lhr.categories.performance?.score);
  return runs.reduce((best, run) =>
    perf(run) > perf(best) || (perf(run) === perf(best) && run.lhr.environment.benchmarkIndex > best.lhr.environment.benchmarkIndex) ? run : best,
  );
}

/** Only a page short of 100 on every run so far, with nothing but performance missing, is worth another run. */
function wantsRerun(audited: Audited): boolean {
  const { lhr } = bestRun(audited);
  return audited.runs.length <= EXTRA_RUNS && score(lhr, audited.page, 'performance') < PERFORMANCE && misses(audited).every((m) => m.category === 'performance');
}

interface Miss {
  category: Category;
  text: string;
}

function misses(audited: Audited): Miss[] {
  const { lhr } = bestRun(audited);
  const found: Miss[] = [];
  // The audits of a category that cost points say what to fix.
  const lost = (category: Category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => !(audited.page.noindex && ref.id === 'is-crawlable'))
      .flatMap((ref) => lhr.audits[ref.id] ?? [])
      .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
      .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`)
      .join('; ');
  for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
    const value = score(lhr, audited.page, category);
    if (value < minimum[category]) found.push({ category, text: `${category} ${value} < ${minimum[category]} — ${lost(category)}` });
  }
  const performance = score(lhr, audited.page, 'performance');
  if (performance < PERFORMANCE) {
    // Any idle run makes performance count; the best of those is the page's score.
    const idleRuns = audited.runs.filter(idle);
    const idleBest = Math.max(...idleRuns.map(({ lhr }) => percent(lhr.categories.performance?.score)));
    if (idleRuns.length > 0 && idleBest < PERFORMANCE) found.push({ category: 'performance', text: `performance ${idleBest} < ${PERFORMANCE} in ${idleRuns.length} ruhigen Läufen — ${lost('performance')}` });
    else if (idleRuns.length === 0 && performance < PERFORMANCE_LOADED) found.push({ category: 'performance', text: `performance ${performance} < ${PERFORMANCE_LOADED} auch auf ausgelastetem Rechner — ${lost('performance')}` });
  }
  return found;
}

function row(audited: Audited): string[] {
  const best = bestRun(audited);
  const { lhr } = best;
  const { page } = audited;
  const benchmark = Math.round(lhr.environment.benchmarkIndex);
  const performance = score(lhr, page, 'performance');
  const judged = performance >= PERFORMANCE || audited.runs.some(idle);
  const tbt = lhr.audits['total-blocking-time']?.numericValue ?? 0;
  const summary = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items;
  const script = summary?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  return [
    page.path,
    judged ? String(performance) : `${performance} nicht bewertet (Rechner ausgelastet)`,
    String(score(lhr, page, 'accessibility')),
    String(score(lhr, page, 'best-practices')),
    `${score(lhr, page, 'seo')}${page.noindex ? '¹' : ''}`,
    String(Math.round(tbt)),
    (script / 1000).toFixed(1),
    String(audited.runs.length),
    String(benchmark),
    `${Math.round(best.foreignShare * 100)} %`,
  ];
}

const started = Date.now();
const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

try {
  const pages = selectedPages();
  // Every page once first, then the re-runs while the budget lasts: a load spike then costs a
  // re-run of the pages it hit, not the first run of the pages after them.
  const audited: Audited[] = [];
  for (const page of pages) audited.push({ page, runs: [await auditOnce(page.path)] });
  let skipped = 0;
  for (let round = 0; round < EXTRA_RUNS; round++) {
    for (const entry of audited.filter(wantsRerun)) {
      if (Date.now() - started > RERUN_BUDGET_MS) {
        skipped++;
        continue;
      }
      entry.runs.push(await auditOnce(entry.page.path));
    }
  }

  const header = ['Seite', 'Performance', 'Barrierefreiheit', 'Best Practices', 'SEO', 'TBT (ms)', 'JS übertragen (kB)', 'Läufe', 'benchmarkIndex', 'Fremdlast'];
  const rows = audited.map(row);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const cells of rows) console.log(line(cells));
  if (audited.some((a) => a.page.noindex)) {
    console.log('\n¹ noindex-Seite: SEO ohne das Audit „is-crawlable“, das eine nicht zu indexierende Seite nie bestehen kann.');
  }
  console.log(`\nLaufzeit: ${minutes(Date.now() - started)}, ${audited.reduce((n, a) => n + a.runs.length, 0)} Läufe für ${audited.length} Seiten.`);
  if (skipped > 0) console.log(`Zeitbudget erschöpft: ${skipped} weitere Läufe ausgelassen.`);

  const failures = audited.flatMap((a) => misses(a).map((m) => `${a.page.path}: ${m.text}`));
  if (failures.length > 0) {
    console.error(`\nLighthouse-Schwellen verfehlt:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nLighthouse (mobil): alle Schwellen erreicht (Performance ${PERFORMANCE} bei benchmarkIndex ≥ ${IDLE_BENCHMARK} und Fremdlast ≤ ${IDLE_FOREIGN_SHARE * 100} %, sonst ≥ ${PERFORMANCE_LOADED}; ` +
        `Barrierefreiheit ≥ ${minimum.accessibility}, Best Practices ≥ ${minimum['best-practices']}, SEO ≥ ${minimum.seo}).`,
    );
  }
} finally {
  chromium?.kill();
  stop();
}
