import type { Locator, Page } from '@playwright/test';
import { openCheckoutWith } from './checkout-helpers.ts';
import { expect, islandsReady, test } from './fixtures.ts';
import { expectErrorSummary } from './forms-helpers.ts';

/**
 * An empty send on every public form (issue 36, docs/decisions/0070): the errors may stand far
 * above the button, so the focus moves to the error summary at the top of the form, which links
 * each error to its field; the field errors stay.
 */

interface Case {
  path: string;
  form: string;
  button: string;
  /** Message and label of each field the empty form is refused for, in the order of the form. */
  errors: [message: string, label: string][];
  /** A valid value of the first field. */
  first?: string;
}

const CASES: Case[] = [
  {
    path: '/inquiry',
    form: 'Auftragsanfrage',
    button: 'Anfrage senden',
    errors: [
      ['Name ist erforderlich', 'Name'],
      ['E-Mail ist erforderlich', 'E-Mail'],
      ['Bitte wählen Sie eine der angebotenen Möglichkeiten.', 'Thema'],
      ['Beschreibung des Auftrags ist erforderlich', 'Beschreibung des Auftrags'],
    ],
  },
  {
    path: '/vertraege-kuendigen',
    form: 'Kündigungsformular',
    button: 'jetzt kündigen',
    errors: [
      ['Bezeichnung des Vertrags ist erforderlich', 'Bezeichnung des Vertrags'],
      ['Vorname ist erforderlich', 'Vorname'],
      ['Nachname ist erforderlich', 'Nachname'],
      ['E-Mail ist erforderlich', 'E-Mail'],
    ],
  },
  {
    path: '/online-widerrufsformular',
    form: 'Vertrag widerrufen',
    button: 'Weiter zur Bestätigung',
    errors: [
      ['Bitte geben Sie den Vertrag oder das Produkt an, den Sie widerrufen.', 'Vertrag oder Produkt'],
      ['Name ist erforderlich', 'Name'],
      ['E-Mail ist erforderlich', 'E-Mail'],
    ],
  },
  {
    path: '/av-vertrag',
    form: 'AV-Vertrag anfordern',
    button: 'AV-Vertrag anfordern',
    first: 'K-000042',
    errors: [
      ['Kundennummer ist erforderlich', 'Kundennummer'],
      ['Postleitzahl ist erforderlich', 'Postleitzahl'],
    ],
  },
  {
    path: '/demo-anfordern',
    form: 'Demo anfordern',
    button: 'Demo anfordern',
    errors: [
      ['Name ist erforderlich', 'Name'],
      ['E-Mail ist erforderlich', 'E-Mail'],
      ['Firma ist erforderlich', 'Firma'],
      ['Bitte wählen Sie das Produkt, das Sie testen möchten.', 'Produkt'],
    ],
  },
];

/** The form, hydrated: a visible island hydrates once it scrolls into view. */
async function openForm(page: Page, path: string, name: string): Promise<Locator> {
  await page.goto(path);
  await islandsReady(page);
  const form = page.getByRole('form', { name, exact: true });
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island', { has: form })).not.toHaveAttribute('ssr');
  return form;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`error summary at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    for (const { path, form: name, button, errors, first = 'Erika Mustermann' } of CASES) {
      test(`an empty send on ${path} focuses the summary, whose links lead to the fields`, async ({ page }) => {
        const form = await openForm(page, path, name);
        const send = form.getByRole('button', { name: button, exact: true });
        await send.scrollIntoViewIfNeeded();
        await send.click();
        await expectErrorSummary(
          form,
          errors.map(([message, label]) => [message, form.getByRole(label === 'Thema' || label === 'Produkt' ? 'combobox' : 'textbox', { name: label, exact: true })] as const),
        );

        // Fixed fields leave the list; the next failed send takes the focus there again.
        await form.getByRole('textbox', { name: errors[0]![1], exact: true }).fill(first);
        await expect(form.getByRole('alert', { name: 'Bitte überprüfen Sie Ihre Eingaben.' }).getByRole('link')).toHaveCount(errors.length - 1);
        await send.click();
        await expect(form.getByRole('alert', { name: 'Bitte überprüfen Sie Ihre Eingaben.' })).toBeFocused();
      });
    }
  });
}

test('an empty checkout focuses the summary, which leads to the fields and the missing consents', async ({ page }) => {
  await openCheckoutWith(page, [{ id: 'webapp-basis-6m', quantity: 1 }]);
  const form = page.getByRole('form', { name: 'Bestellformular' });
  await form.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click();
  const summary = form.getByRole('alert', { name: 'Bitte überprüfen Sie Ihre Eingaben.' });
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  const links = summary.getByRole('link');
  await expect(links.first()).toHaveText('Name ist erforderlich');
  await expect(links).toContainText(['Name ist erforderlich', 'Bitte akzeptieren Sie die AGB.']);
  await links.filter({ hasText: 'Name ist erforderlich' }).click();
  await expect(form.getByLabel('Vor- und Nachname *')).toBeFocused();
  await links.filter({ hasText: 'Bitte akzeptieren Sie die AGB.' }).click();
  const agb = form.getByRole('checkbox', { name: /^Ich akzeptiere die AGB in der Fassung vom/ });
  await expect(agb).toBeFocused();
  await expect(agb).toBeInViewport();
  await expect(agb).toHaveAccessibleDescription(/Bitte akzeptieren Sie die AGB\./);
});
