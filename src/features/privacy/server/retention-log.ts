import { RETENTION_RULES } from '../retention.ts';
import type { RetentionReport } from './retention-run.ts';

/** The console line of a run: counts per kind, no personal data ("2026-11-29: inquiries 3, … gelöscht"). */
export function retentionLogLine(report: RetentionReport): string {
  const counts = RETENTION_RULES.map((rule) => `${rule.kind} ${report.deleted[rule.kind]}`).join(', ');
  return `${report.runOn}: ${counts} gelöscht`;
}
