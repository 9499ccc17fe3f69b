import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * The official e-invoice validation kit (../shared/einvoice-validator, see its README): XSD, the
 * EN 16931 and XRechnung Schematron, Factur-X, and for PDFs qpdf, pdffonts and its PDF/A check.
 * The kit lives beside the repository, not in it; a checkout without it skips the validation, but
 * a machine with the kit and without its tools fails, so a broken CI set-up cannot pass silently.
 */

const run = promisify(execFile);

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** The kit's directory: EINVOICE_VALIDATOR_DIR, else ../shared/einvoice-validator beside the repository. */
export function kitDir(): string {
  return process.env.EINVOICE_VALIDATOR_DIR ?? resolve(REPO_ROOT, '../shared/einvoice-validator');
}

export const kitPresent = (): boolean => existsSync(join(kitDir(), 'validate.sh'));

/** The tools the kit calls (README "Tools"); each missing one named, so the CI set-up can be fixed. */
export async function missingTools(): Promise<string[]> {
  const missing: string[] = [];
  for (const [tool, args] of [
    ['java', ['-version']],
    ['xmllint', ['--version']],
    ['qpdf', ['--version']],
    ['pdffonts', ['-v']],
  ] as const) {
    await run(tool, [...args]).catch(() => missing.push(tool));
  }
  const saxon = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
  if (!existsSync(saxon)) missing.push(`Saxon-HE (${saxon})`);
  return missing;
}

export interface Finding {
  validator: string;
  severity: string;
  rule: string;
  location: string;
  message: string;
}

export interface KitResult {
  file: string;
  /** Fatal, error and warning findings: a document is right when there are none. */
  findings: Finding[];
  exitCode: number;
  milliseconds: number;
}

/**
 * The kit's JVMs are short-lived (one Schematron each): the client compiler alone and the serial
 * collector halve their CPU time (measured: 10.5 s → 6.0 s user for an XRechnung UBL) without
 * changing what they compute. Only for the kit's processes; any options set outside come first.
 */
const JAVA_TOOL_OPTIONS = [process.env.JAVA_TOOL_OPTIONS, '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'].filter(Boolean).join(' ');

/** Writes the document into `dir` and runs the kit on it; the findings come from its findings.tsv. */
export async function validateDocument(dir: string, fileName: string, content: Uint8Array): Promise<KitResult> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, fileName);
  await writeFile(file, content);
  const out = join(dir, 'kit');
  const started = performance.now();
  const exitCode = await run(join(kitDir(), 'validate.sh'), [file, '--out', out, '--quiet'], {
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, JAVA_TOOL_OPTIONS },
  }).then(
    () => 0,
    (error: { code?: number; stderr?: string }) => {
      // 1 = findings (read below); anything else is the kit failing to run at all.
      if (error.code === 1) return 1;
      throw new Error(`validate.sh ${fileName} ended with ${error.code}: ${error.stderr ?? ''}`);
    },
  );
  const milliseconds = performance.now() - started;
  const tsv = await readFile(join(out, `${fileName}.findings.tsv`), 'utf8');
  const findings = tsv
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [validator = '', severity = '', rule = '', location = '', message = ''] = line.split('\t');
      return { validator, severity, rule, location, message };
    })
    .filter((finding) => ['fatal', 'error', 'warning'].includes(finding.severity));
  return { file: fileName, findings, exitCode, milliseconds };
}

/** A runner that starts at most `limit` tasks at a time, the others when one ends (the kit starts a JVM per Schematron). */
export function withLimit(limit: number): <R>(task: () => Promise<R>) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
