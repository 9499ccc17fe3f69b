import * as v from 'valibot';

/**
 * What a refusal says when its schema names no message of its own. Valibot's default is English
 * ('Invalid key: Expected "hashcash_solutions" but received undefined'), and the browser and the
 * server show what the shared schemas say: every fallback is German, and explicit messages in the
 * schemas stay the better text wherever a form shows the field.
 */
function issueMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema') {
    if (issue.input === undefined) return 'Diese Angabe fehlt.';
    // A strict object's key it does not know (its expected type is never).
    if (issue.expected === 'never') return 'Diese Angabe ist hier nicht vorgesehen.';
    return 'Diese Angabe hat ein ungültiges Format.';
  }
  const items = Array.isArray(issue.input) ? 'Einträge' : 'Zeichen';
  switch (issue.type) {
    case 'non_empty':
      return 'Bitte füllen Sie dieses Feld aus.';
    case 'min_length':
      return issue.requirement === 1 ? 'Bitte füllen Sie dieses Feld aus.' : `Bitte mindestens ${amount(issue.requirement)} ${items} angeben.`;
    case 'max_length':
      return `Bitte höchstens ${amount(issue.requirement)} ${items} angeben.`;
    case 'min_value':
      return `Der Wert muss mindestens ${amount(issue.requirement)} betragen.`;
    case 'max_value':
      return `Der Wert darf höchstens ${amount(issue.requirement)} betragen.`;
    case 'integer':
    case 'safe_integer':
      return 'Bitte geben Sie eine ganze Zahl ein.';
    case 'email':
      return 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
    default:
      return 'Bitte überprüfen Sie diese Angabe.';
  }
}

/** A limit as a German reader writes it (1.000, 0,5); a date as its day. */
function amount(requirement: unknown): string {
  if (typeof requirement === 'number' || typeof requirement === 'bigint') return requirement.toLocaleString('de-DE');
  if (requirement instanceof Date) return requirement.toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' });
  return String(requirement);
}

// Once per bundle, before any schema runs: this module is imported with fieldErrors (issues.ts),
// through which the forms and every endpoint's validation read the messages.
v.setGlobalMessage(issueMessage);
