import type { Locator, Page } from '@playwright/test';
import { islandsReady } from './fixtures.ts';

/** Fills the consumer's billing address of the checkout form (SPEC §2 /checkout). */
export async function fillBillingAddress(form: Locator, email: string): Promise<void> {
  await form.getByLabel('Vor- und Nachname *').fill('Erika Mustermann');
  await form.getByLabel('Straße und Hausnummer *').fill('Heidestraße 17');
  await form.getByLabel('PLZ *').fill('51147');
  await form.getByLabel('Ort *').fill('Köln');
  await form.getByLabel('E-Mail *').fill(email);
}

/** Accepts the AGB and gives a consumer's two statements on the early start (§ 356 Abs. 4 BGB): the services begin at once. */
export async function acceptConsumerTerms(form: Locator): Promise<void> {
  await form.getByRole('checkbox', { name: /^Ich akzeptiere die AGB in der Fassung vom/ }).check();
  await form.getByRole('checkbox', { name: /vor Ablauf der Widerrufsfrist/ }).check();
  await form.getByRole('checkbox', { name: /Widerrufsrecht bei vollständiger Vertragserfüllung/ }).check();
}

/** Opens the checkout with these items in the cart, as a visitor who added them earlier would. */
export async function openCheckoutWith(page: Page, items: { id: string; quantity: number }[]): Promise<void> {
  await page.goto('/checkout');
  await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), items);
  await page.reload();
  await islandsReady(page);
}
