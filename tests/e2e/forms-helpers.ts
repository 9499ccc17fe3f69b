import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { E2E_APP_SECRET } from '../../playwright.config.ts';
import { INVALID_INPUT } from '../../src/lib/schemas/issues.ts';
import { captchaAnswer } from '../../src/server/security/captcha.ts';
import { expect } from './fixtures.ts';

/**
 * The answer to the captcha picture the form shows, computed the way only the server can: with
 * the test secret and the captcha id of the browser's cookie. The picture is a plain <img>: its
 * answer sets the cookie, so the picture must have loaded first.
 */
export async function captchaOfPicture(page: Page, form: Locator): Promise<string> {
  const picture = form.getByRole('img', { name: /Sicherheitscode/ });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'captcha_id');
  expect(cookie, 'captcha_id-Cookie').toBeDefined();
  return captchaAnswer(E2E_APP_SECRET, cookie!.value, 'image');
}

/**
 * Solves the security check of a form as a person would: types the captcha, waits for the proof
 * of work – except on the declarations (cancellation, withdrawal), which ask for none.
 */
export async function solveSecurityCheck(page: Page, form: Locator, { proofOfWork = true } = {}): Promise<void> {
  // The check starts with the first use of the form (decision 0035); typing the code is one.
  await form.getByLabel('Sicherheitscode').click();
  await form.getByLabel('Sicherheitscode').fill(await captchaOfPicture(page, form));
  await expect(form.getByText('CAPTCHA korrekt!')).toBeVisible();
  if (proofOfWork) await expect(form.getByText('Spam-Schutz abgeschlossen.')).toBeVisible({ timeout: 90_000 });
  else await expect(form.getByText(/Spam-Schutz/)).toHaveCount(0);
}

/** The mail copy (.eml) of the server that contains the text, once it arrived. */
export async function mailContaining(text: string, to: string): Promise<ParsedMail> {
  const mailDir = join(process.env.E2E_DATA_DIR!, 'mail');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(mailDir).catch(() => [])).filter((f) => f.endsWith('.eml'));
        const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(join(mailDir, f)))));
        found = mails.find((mail) => mail.text?.includes(text) && mail.to && !Array.isArray(mail.to) && mail.to.text === to);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** 'DD.MM.YYYY um HH:MM:SS Uhr', the receipt's time of receipt. */
export const RECEIVED_AT = /\d{2}\.\d{2}\.\d{4} um \d{2}:\d{2}:\d{2} Uhr/;

export function uniqueText(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Fills the cancellation form (/vertraege-kuendigen) as Jürgen Weiß from Köln, ordinary cancellation. */
export async function fillCancellation(form: Locator, contract: string, email: string): Promise<void> {
  await form.getByLabel('Bezeichnung des Vertrags').fill(contract);
  await form.getByLabel('Vorname').fill('Jürgen');
  await form.getByLabel('Nachname').fill('Weiß');
  await form.getByLabel('Straße und Hausnummer').fill('Bahnhofstraße 5');
  await form.getByLabel('Postleitzahl').fill('50667');
  await form.getByRole('textbox', { name: 'Ort', exact: true }).fill('Köln');
  await form.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(email);
}

/** The error summary at the top of a form (docs/decisions/0070): named by its heading. */
export function errorSummary(scope: Locator): Locator {
  return scope.getByRole('alert', { name: INVALID_INPUT });
}

/**
 * After a failed send: the error summary has the focus and is in view, lists exactly these
 * errors as links, in this order, and each link leads to its field – focused, in view, and still
 * described by its own error message.
 */
export async function expectErrorSummary(scope: Locator, errors: readonly (readonly [message: string, field: Locator])[]): Promise<void> {
  const summary = errorSummary(scope);
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  await expect(summary.getByRole('link')).toHaveText(errors.map(([message]) => message));
  for (const [message, field] of errors) {
    await summary.getByRole('link', { name: message, exact: true }).click();
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  }
}

/** After a failed send: the summary has the focus, and its link with this message leads to the field, which keeps its message. */
export async function followSummaryLink(scope: Locator, message: string | RegExp, field: Locator): Promise<void> {
  const summary = errorSummary(scope);
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: message }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(typeof message === 'string' ? new RegExp(escapeRegExp(message)) : message);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
