import { site } from '../config/site.ts';
import { configurator } from '../data/catalogue.ts';
import { ON_REQUEST, ON_REQUEST_NOTE, estimateLines, netAndGross } from '../lib/configurator/estimate-lines.ts';
import { estimate as priceConfiguration, planDiscountPercent, type Estimate } from '../lib/configurator/prices.ts';
import type { ConfiguratorInquiry } from '../lib/schemas/configurator.ts';
import type { ContactInquiry } from '../lib/schemas/contact.ts';
import type { Db } from './db/index.ts';
import { storeSubmission, type StoredRecord } from './forms/submission.ts';
import { letterText, oneLine } from './mail/letter.ts';

function contactConfirmation(inquiry: ContactInquiry): { subject: string; text: string } {
  return {
    subject: `Ihre Anfrage bei ${site.name}`,
    text: letterText(inquiry.name, [
      'vielen Dank für Ihre Nachricht. Wir haben sie erhalten und melden uns innerhalb von 48 Stunden bei Ihnen.',
      '',
      'Ihre Nachricht:',
      ...(inquiry.subject ? [`Betreff: ${oneLine(inquiry.subject)}`] : []),
      inquiry.message,
    ]),
  };
}

function contactNotification(inquiry: ContactInquiry, id: number): { subject: string; text: string } {
  return {
    subject: oneLine(`Kontaktanfrage #${id} von ${inquiry.name}${inquiry.subject ? `: ${inquiry.subject}` : ''}`),
    text: [
      `Neue Anfrage über das Kontaktformular (#${id}).`,
      '',
      `Name: ${oneLine(inquiry.name)}`,
      `E-Mail: ${inquiry.email}`,
      `Betreff: ${oneLine(inquiry.subject) || '–'}`,
      '',
      inquiry.message,
    ].join('\n'),
  };
}

/** The configuration and its estimate in words, for the customer's copy and the notification alike. */
function configurationText(inquiry: ConfiguratorInquiry, priced: Estimate): string[] {
  const state = inquiry.configurator;
  const chosen =
    state.activeTab === 'support'
      ? ['Art: Support', `Supportstunden pro Monat: ${state.supportOnlyHours}`]
      : [
          'Art: App-Entwicklung',
          `Anwendungstypen: ${priced.appTypes.map((line) => `${line.name} (${line.netCents === undefined ? ON_REQUEST : line.includedForFree ? 'inklusive' : `${line.credits} Credits`})`).join(', ') || 'keine'}`,
          `Credits gesamt: ${priced.totalCredits}, Hosting-Faktor ${priced.hostingFactor}`,
          `Individuelle Anpassung: ${state.customizationRequired === 'yes' ? 'ja' : 'nein'}`,
          `Entwicklungsstunden: ${state.developmentHours}`,
          `Supportstunden pro Monat: ${state.supportHours}`,
          `Hosting-Plan: ${state.hostingPlan === 'monthly' ? 'monatlich' : `6 Monate (${planDiscountPercent(configurator.plans)}\u00a0% günstiger)`}`,
        ];
  return [
    'Ihre Konfiguration:',
    ...chosen,
    '',
    'Kostenschätzung (unverbindlich, Preise in Euro):',
    ...estimateLines(priced).map((line) => `${line.label}: ${netAndGross(line.amount)}`),
    ...(priced.onRequest ? [ON_REQUEST_NOTE] : []),
    ...(inquiry.clickDummies.length > 0 ? ['', 'Angehängte Click-Dummies:', ...inquiry.clickDummies.map((dummy) => `- ${oneLine(dummy.name)}: ${oneLine(dummy.prompt)}`)] : []),
  ];
}

export function configuratorConfirmation(inquiry: ConfiguratorInquiry, priced: Estimate): { subject: string; text: string } {
  return {
    subject: `Ihre Anfrage aus dem Auftragskonfigurator bei ${site.name}`,
    text: letterText(inquiry.name, [
      'vielen Dank für Ihre Anfrage. Wir prüfen Ihre Konfiguration und melden uns innerhalb von 48 Stunden mit einem Angebot bei Ihnen. Zu Ihren Unterlagen erhalten Sie hier eine Kopie der Kostenschätzung.',
      '',
      ...configurationText(inquiry, priced),
      ...(inquiry.message ? ['', 'Ihre Nachricht:', inquiry.message] : []),
    ]),
  };
}

function configuratorNotification(inquiry: ConfiguratorInquiry, priced: Estimate, id: number): { subject: string; text: string } {
  return {
    subject: oneLine(`Konfigurator-Anfrage #${id} von ${inquiry.name}`),
    text: [
      `Neue Anfrage über den Auftragskonfigurator (#${id}).`,
      '',
      `Name: ${oneLine(inquiry.name)}`,
      `E-Mail: ${inquiry.email}`,
      '',
      ...configurationText(inquiry, priced),
      '',
      inquiry.message || '(keine Nachricht)',
    ].join('\n'),
  };
}

/**
 * Stores a configurator inquiry with the estimate the server computed from the submitted state
 * (never one the browser sent) and queues the customer's copy and the notification, in one
 * transaction with spending the security check.
 */
export function createConfiguratorInquiry(db: Db, cookies: Map<string, string>, inquiry: ConfiguratorInquiry) {
  const priced = priceConfiguration(inquiry.configurator, configurator);
  const details = { configurator: inquiry.configurator, clickDummies: inquiry.clickDummies, estimate: priced };
  return storeSubmission(db, {
    cookies,
    security: inquiry,
    store: async (tx) => {
      const { rows } = await tx.query<{ id: number; created_at: Date }>(
        `INSERT INTO inquiries (kind, name, email, subject, message, details)
         VALUES ('configurator', $1, $2, 'Auftragskonfigurator', $3, $4::jsonb) RETURNING id, created_at`,
        [inquiry.name, inquiry.email, inquiry.message, JSON.stringify(details)],
      );
      const record: StoredRecord = { id: rows[0]!.id, receivedAt: rows[0]!.created_at };
      return record;
    },
    mails: ({ id }) => [
      { to: inquiry.email, ...configuratorConfirmation(inquiry, priced) },
      { to: site.inquiryEmail, replyTo: inquiry.email, ...configuratorNotification(inquiry, priced, id) },
    ],
  });
}

/**
 * Stores a contact inquiry and queues its two mails, in one transaction that also uses up the
 * captcha and the hashcash solutions: either all of it happens or nothing does.
 * Returns the inquiry and the outbox ids to deliver after the commit.
 */
export function createContactInquiry(db: Db, cookies: Map<string, string>, inquiry: ContactInquiry) {
  return storeSubmission(db, {
    cookies,
    security: inquiry,
    store: async (tx) => {
      const { rows } = await tx.query<{ id: number; created_at: Date }>(
        `INSERT INTO inquiries (kind, name, email, subject, message) VALUES ('contact', $1, $2, $3, $4) RETURNING id, created_at`,
        [inquiry.name, inquiry.email, inquiry.subject, inquiry.message],
      );
      const record: StoredRecord = { id: rows[0]!.id, receivedAt: rows[0]!.created_at };
      return record;
    },
    mails: ({ id }) => [
      { to: inquiry.email, ...contactConfirmation(inquiry) },
      { to: site.inquiryEmail, replyTo: inquiry.email, ...contactNotification(inquiry, id) },
    ],
  });
}
