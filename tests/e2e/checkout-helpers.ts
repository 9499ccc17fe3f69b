import type { Locator } from '@playwright/test';

/** Fills the consumer's billing address of the checkout form (SPEC §2 /checkout). */
export async function fillBillingAddress(form: Locator, email: string): Promise<void> {
  await form.getByLabel('Vor- und Nachname *').fill('Erika Mustermann');
  await form.getByLabel('Straße und Hausnummer *').fill('Heidestraße 17');
  await form.getByLabel('PLZ *').fill('51147');
  await form.getByLabel('Ort *').fill('Köln');
  await form.getByLabel('E-Mail *').fill(email);
}

/** Accepts the AGB and gives a consumer's two statements on the early start (§ 356 Abs. 4 BGB). */
export async function acceptConsumerTerms(form: Locator): Promise<void> {
  await form.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
  await form.getByRole('checkbox', { name: /vor Ablauf der Widerrufsfrist/ }).check();
  await form.getByRole('checkbox', { name: /Widerrufsrecht bei vollständiger Vertragserfüllung/ }).check();
}
