import { escapeHtml } from '../../lib/html.ts';
import { RETENTION_RULES, retentionSentence } from './retention.ts';

/**
 * The placeholders /datenschutz fills from the retention table (src/content/legal/datenschutz.md):
 * `{{speicherdauer-<kind>}}` is the period's sentence, `{{daten-<kind>}}` what is kept. The
 * Markdown carries no period of its own, so the text says what the retention run does.
 */
export function retentionPlaceholders(): Record<string, string> {
  return Object.fromEntries(
    RETENTION_RULES.flatMap((rule) => [
      [`daten-${rule.kind}`, escapeHtml(rule.data)],
      [`speicherdauer-${rule.kind}`, escapeHtml(retentionSentence(rule))],
    ]),
  );
}
