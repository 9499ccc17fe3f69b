import type { PriceGroup } from '../schemas/price-source.ts';

/** How each group of the price source is titled on the price list and in the product catalogue. */
export const PRICE_GROUP_TEXT: Readonly<Record<PriceGroup, { title: string; description: string }>> = {
  'webapp-pakete': {
    title: 'Webapp-Pakete zur Miete',
    description: 'Fertige Webanwendungen mit Hosting, Domains und Wartung zum festen Monatspreis, im Voraus für die Laufzeit bezahlt.',
  },
  anwendungen: {
    title: 'Anwendungen und Click-Dummy',
    description: 'Einsatzbereite Fachanwendungen, die wir für Sie betreiben, und Ihr klickbarer Prototyp zum monatlichen Festpreis.',
  },
  entwicklung: {
    title: 'Entwicklung und Service nach Aufwand',
    description: 'Sie buchen Stunden; abgerechnet wird die tatsächlich geleistete Zeit zum Stundensatz.',
  },
  zusatzleistungen: {
    title: 'Zusatzleistungen',
    description: 'Ergänzungen zu einem gebuchten Paket.',
  },
  domains: {
    title: 'Domains',
    description: 'Domains gibt es nur zusammen mit einer bei uns gebuchten Anwendung.',
  },
  konfigurator: {
    title: 'Bausteine des Auftragskonfigurators',
    description: 'Einmalige Preise je Anwendungstyp einer individuellen Webanwendung; Entwicklung, Support und Hosting berechnet der Konfigurator zu den Preisen oben.',
  },
};
