import { site } from '../config/site.ts';
import { configurator } from '../data/catalogue.ts';
import { ON_REQUEST, ON_REQUEST_NOTE, estimateLines, netAndGross } from '../lib/configurator/estimate-lines.ts';
import { estimate as priceConfiguration, planDiscountPercent, type Estimate } from '../lib/configurator/prices.ts';
import type { ConfiguratorInquiry } from '../lib/schemas/configurator.ts';
import type { ContactInquiry } from '../lib/schemas/contact.ts';
import type { Db } from './db/index.ts';
import { insertRecord, storeSubmission } from './forms/submission.ts';
import { letterText, oneLine } from './mail/letter.ts';

/** A mail's subject and text; the recipients are added where it is queued. */
type Letter = { subject: string; text: string };

const INSERT_INQUIRY = `INSERT INTO inquiries (kind, name, email, subject, message, details) VALUES ($1, $2, $3, $4, $5, $6::jsonb)
  RETURNING id, created_at AS received_at`;

function contactConfirmation(inquiry: ContactInquiry): Letter {
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

function contactNotification(inquiry: ContactInquiry, id: number): Letter {
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

export function configuratorConfirmation(inquiry: ConfiguratorInquiry, priced: Estimate): Letter {
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

function configuratorNotification(inquiry: ConfiguratorInquiry, priced: Estimate, id: number): Letter {
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
 * Stores an inquiry of either form and queues its two mails, in one transaction that also uses up
 * the captcha and the hashcash solutions: either all of it happens or nothing does.
 * Returns the inquiry and the outbox ids to deliver after the commit.
 */
function storeInquiry(
  db: Db,
  cookies: Map<string, string>,
  inquiry: ContactInquiry | ConfiguratorInquiry,
  row: { kind: 'contact' | 'configurator'; subject: string; details: object },
  letters: (id: number) => { confirmation: Letter; notification: Letter },
) {
  return storeSubmission(db, {
    cookies,
    security: inquiry,
    store: (tx) => insertRecord(tx, INSERT_INQUIRY, [row.kind, inquiry.name, inquiry.email, row.subject, inquiry.message, JSON.stringify(row.details)]),
    mails: ({ id }) => {
      const { confirmation, notification } = letters(id);
      return [
        { to: inquiry.email, ...confirmation },
        { to: site.inquiryEmail, replyTo: inquiry.email, ...notification },
      ];
    },
  });
}

/**
 * A configurator inquiry, stored with the estimate the server computed from the submitted state
 * (never one the browser sent).
 */
export function createConfiguratorInquiry(db: Db, cookies: Map<string, string>, inquiry: ConfiguratorInquiry) {
  const priced = priceConfiguration(inquiry.configurator, configurator);
  const details = { configurator: inquiry.configurator, clickDummies: inquiry.clickDummies, estimate: priced };
  return storeInquiry(db, cookies, inquiry, { kind: 'configurator', subject: 'Auftragskonfigurator', details }, (id) => ({
    confirmation: configuratorConfirmation(inquiry, priced),
    notification: configuratorNotification(inquiry, priced, id),
  }));
}

/** A contact inquiry: it has no details beyond its subject and message. */
export function createContactInquiry(db: Db, cookies: Map<string, string>, inquiry: ContactInquiry) {
  return storeInquiry(db, cookies, inquiry, { kind: 'contact', subject: inquiry.subject, details: {} }, (id) => ({
    confirmation: contactConfirmation(inquiry),
    notification: contactNotification(inquiry, id),
  }));
}
