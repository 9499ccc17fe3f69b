/**
 * How a declaration became attributable to the customer (issue 33,
 * docs/decisions/0054-attributable-declarations.md): only then does it change a contract or an
 * order. Shared by the server, which records it, and the dashboard, which shows it.
 */
export type Attribution = 'account' | 'identity-link' | 'agent';

/** How the agents' inbox words it, after 'Zugeordnet'. */
export const attributionLabels: Record<Attribution, string> = {
  account: 'vom angemeldeten Kundenkonto, dem der Vertrag gehört',
  'identity-link': 'über den Bestätigungslink an die hinterlegte E-Mail-Adresse',
  agent: 'durch die Bearbeitung im Dashboard',
};
