import type { Locator, Page } from '@playwright/test';
import { expect, islandsReady } from './fixtures.ts';
import { logInAsDemoAgent } from './sweeps/site.ts';

/**
 * An order we review (decision 0053) as the demo agent finds it in the dashboard's inbox; the
 * agent is logged in on `agent` (a page of its own browser context).
 */
export async function openOrderInInbox(agent: Page, orderNumber: string, customerName: string): Promise<Locator> {
  await logInAsDemoAgent(agent);
  await agent.goto('/agent/dashboard');
  await islandsReady(agent);
  const inbox = agent.getByRole('region', { name: 'Posteingang' });
  await inbox.getByLabel('Art').selectOption('order');
  await inbox.getByRole('button', { name: new RegExp(`Bestellung ${orderNumber} von ${customerName}`) }).click();
  return inbox.getByRole('region', { name: `Bestellung ${orderNumber} von ${customerName}` });
}

/** Accepts the open order in its detail view and waits for the confirmation of the dashboard. */
export async function acceptInDashboard(detail: Locator): Promise<void> {
  const decision = detail.getByRole('region', { name: 'Annahme der Bestellung' });
  await decision.getByRole('button', { name: 'Bestellung annehmen' }).click();
  await expect(decision.getByRole('status')).toHaveText('Die Bestellung ist angenommen. Die Auftragsbestätigung wurde gesendet.');
}
