import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { site } from '../../src/config/site.ts';
import { prices } from '../../src/data/prices.ts';
import { formatEuro } from '../../src/lib/money.ts';
import { webappPackages } from '../../src/lib/offers.ts';
import { includedHeadlines, includedInEveryPackage, includedSummary, requireWebappFacts, webappEntries as webappEntriesOf } from '../../src/lib/prices/webapp.ts';
import { expect, expectNoAxeViolations, islandsReady, test } from './fixtures.ts';


interface ProductData {
  id: string;
  name: string;
  price: string;
  moreInfoLink?: string;
}
/** The offers as the build served them from the price source (src/content/prices → /locales/de-products.json). */
const { products } = JSON.parse(readFileSync(new URL('../../dist/locales/de-products.json', import.meta.url), 'utf8')) as {
  products: ProductData[];
};

const infoPages = [
  { path: '/ueber-uns', h1: 'Über uns' },
  { path: '/cv', h1: 'Lebenslauf Martin Kraus' },
  { path: '/zeiterfassung', h1: 'Zeiterfassung mieten' },
  { path: '/online-portale', h1: 'Online-Portale und Produktkataloge' },
  { path: '/webapp', h1: 'Webapp-Pakete' },
  { path: '/fallbeispiele', h1: 'Fallbeispiele' },
  { path: '/produktkatalog', h1: 'Produktkatalog' },
  { path: '/documentation', h1: 'Dokumentation' },
  { path: '/ansprechpartner', h1: 'Ansprechpartner' },
  { path: '/login-test', h1: 'Login-Test' },
  { path: '/demo-anfordern', h1: 'Demo anfordern' },
] as const;

const aliases = {
  '/about': '/ueber-uns',
  '/timetracking': '/zeiterfassung',
  '/portals': '/online-portale',
  '/webapp-demo': '/webapp',
  '/fallbeispieldemo': '/fallbeispiele',
  '/demo': '/demo-anfordern',
} as const;

const WEBAPP_ANCHORS = ['4201', '4206', '4306', '43306', '44306', '4406'];


/** Enters a long day, so the calculator's overtime and maximum notices are part of the scan. */
async function showCalculatorNotices(page: Page) {
  await islandsReady(page);
  const work = page.getByRole('group', { name: 'Arbeitszeit ohne Pausen' });
  await work.getByLabel('Stunden').fill('10');
  await work.getByLabel('Minuten').fill('15');
  await expect(page.getByText(/^Überstunden-Hinweis:/)).toBeVisible();
  await expect(page.getByText(/^Achtung:/)).toBeVisible();
}

/** Keeps the fixed cookie notice from covering the controls under test. */
async function dismissCookieNotice(page: Page) {
  await page.addInitScript(() => localStorage.setItem('cookie-notice-v1', 'closed'));
}

test.describe('information pages', () => {
  for (const info of infoPages) {
    test(`${info.path} answers 200 with one h1, header and footer`, async ({ page }) => {
      const response = await page.goto(info.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.h1);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }

  for (const [alias, target] of Object.entries(aliases)) {
    test(`${alias} redirects permanently to ${target}`, async ({ request }) => {
      const response = await request.get(alias, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe(target);
    });
  }

  test('pages without interactive parts ship no islands', async ({ page }) => {
    for (const path of ['/cv', '/online-portale', '/fallbeispiele', '/documentation', '/ansprechpartner']) {
      await page.goto(path);
      // Header, top bar, cookie notice and footer links are the shell's islands; the page adds none.
      await expect(page.locator('main astro-island'), path).toHaveCount(0);
    }
  });
});

test.describe('about page offers', () => {
  test.beforeEach(async ({ page }) => dismissCookieNotice(page));

  test('lists every offer with name, price, unit, features, button and more-info link', async ({ page }) => {
    await page.goto('/ueber-uns');
    const offers = page.getByRole('region', { name: 'Unsere Angebote' }).getByRole('heading', { level: 3 });
    await expect(offers).toHaveText(products.map((product) => product.name));
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Webapp Basis (6 Monate)', exact: true }) });
    await expect(card).toContainText('90,00 €');
    await expect(card).toContainText('pro Monat');
    await expect(card).toContainText('50 GB Speicherplatz');
    await expect(card.getByRole('button', { name: 'In den Warenkorb: Webapp Basis (6 Monate)' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Mehr Informationen zu Webapp Basis (6 Monate)' })).toHaveAttribute('href', '/webapp#4206');
  });

  test('a click on an offer button fills the cart badge and stores id and quantity', async ({ page }) => {
    await page.goto('/ueber-uns');
    await islandsReady(page);
    await expect(page.getByRole('button', { name: 'Warenkorb, 0 Artikel' })).toBeVisible();
    await page.getByRole('button', { name: 'In den Warenkorb: Webapp Basis (1 Monat)' }).click();
    await expect(page.getByRole('button', { name: 'Warenkorb, 1 Artikel' })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'))).toEqual([{ id: 'webapp-basis-1m', quantity: 1 }]);
    // Each addition is confirmed in a dialog (SPEC §4); it has to be closed before the next click.
    const confirmation = page.getByRole('dialog', { name: 'Zum Warenkorb hinzugefügt' });
    await expect(confirmation).toContainText('Webapp Basis (1 Monat)');
    await page.keyboard.press('Escape');
    await expect(confirmation).toBeHidden();
    await page.getByRole('button', { name: 'In den Warenkorb: Webapp Basis (1 Monat)' }).click();
    await expect(page.getByRole('button', { name: 'Warenkorb, 2 Artikel' })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'))).toEqual([{ id: 'webapp-basis-1m', quantity: 2 }]);
  });

  test('shows the empty state when the product file has no products', async ({ page }) => {
    await page.route('**/locales/de-products.json', (route) => route.fulfill({ json: { products: [] } }));
    await page.goto('/ueber-uns');
    await islandsReady(page);
    await expect(page.getByText('Keine Angebote gefunden')).toBeVisible();
    await expect(page.getByText('Momentan sind keine Produkte verfügbar. Bitte schauen Sie später wieder vorbei.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^In den Warenkorb/ })).toHaveCount(0);
  });
});

test.describe('time tracking', () => {
  test.beforeEach(async ({ page }) => dismissCookieNotice(page));

  test('shows the rental price from the product data', async ({ page }) => {
    await page.goto('/zeiterfassung');
    await expect(page.getByRole('main')).toContainText('89,25 € pro Monat');
    await expect(page.getByRole('main')).not.toContainText('ab 89,25 €');
  });

  const cases = [
    { hours: '5', minutes: '59', text: 'Bei 5:59 Std. Arbeitszeit ist keine Pause vorgeschrieben.', hint: false },
    { hours: '6', minutes: '0', text: 'Bei 6:00 Std. Arbeitszeit sind mindestens 30 Minuten Pause einzuplanen.', hint: false },
    { hours: '9', minutes: '0', text: 'Bei 9:00 Std. Arbeitszeit sind mindestens 45 Minuten Pause einzuplanen.', hint: true },
    { hours: '9', minutes: '1', text: 'Bei 9:01 Std. Arbeitszeit sind mindestens 45 Minuten Pause einzuplanen.', hint: true },
  ];
  for (const example of cases) {
    test(`the break calculator for ${example.hours}:${example.minutes.padStart(2, '0')} h`, async ({ page }) => {
      await page.goto('/zeiterfassung');
      await islandsReady(page);
      const work = page.getByRole('group', { name: 'Arbeitszeit ohne Pausen' });
      await work.getByLabel('Stunden').fill(example.hours);
      await work.getByLabel('Minuten').fill(example.minutes);
      await expect(page.getByTestId('break-result')).toHaveText(example.text);
      const hint = page.getByText(/^Überstunden-Hinweis:/);
      if (example.hint) await expect(hint).toContainText('über der Sollarbeitszeit von 8:00 Std.');
      else await expect(hint).toHaveCount(0);
    });
  }

  test('the rating window follows the planned working time', async ({ page }) => {
    await page.goto('/zeiterfassung');
    await islandsReady(page);
    const work = page.getByRole('group', { name: 'Arbeitszeit ohne Pausen' });
    await work.getByLabel('Stunden').fill('6');
    await work.getByLabel('Minuten').fill('31');
    await expect(page.getByText(/^Überstunden-Hinweis:/)).toHaveCount(0);
    await page.getByRole('group', { name: 'Sollarbeitszeit pro Tag' }).getByLabel('Stunden').fill('6');
    await expect(page.getByText(/^Überstunden-Hinweis:/)).toContainText('0:31 Std. über der Sollarbeitszeit von 6:00 Std.');
    await page.getByLabel('Arbeitsbeginn').fill('07:30');
    await expect(page.getByText('14:31 Uhr')).toBeVisible();
  });
});

test.describe('web-application packages', () => {
  test('has the six package anchors with prices from the product data', async ({ page }) => {
    await page.goto('/webapp');
    for (const anchor of WEBAPP_ANCHORS) {
      const product = products.find((candidate) => candidate.moreInfoLink === `/webapp#${anchor}`)!;
      const section = page.locator(`[id="${anchor}"]`);
      await expect(section, anchor).toHaveCount(1);
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(product.name);
      await expect(section).toContainText(product.price);
    }
    const included = page.getByRole('region', { name: 'In jedem Paket enthalten' });
    for (const text of ['50 GB Speicherplatz', 'Bis zu 15 Domains', '99 % Verfügbarkeit', 'Kostenlose Demo bis zu 3 Monate']) {
      await expect(included).toContainText(text);
    }
  });

  test('the more-info links of the about page land on their sections', async ({ page }) => {
    await page.goto('/webapp#43306');
    await expect(page.locator('[id="43306"]')).toBeInViewport();
  });
});

test.describe('other information pages', () => {
  test('the contact persons come from the site config', async ({ page }) => {
    await page.goto('/ansprechpartner');
    for (const name of ['Martin Kraus', 'Sabine Özdemir', 'Jonas Weber']) {
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 's.oezdemir@kraus-webentwicklung.de' })).toHaveAttribute('href', 'mailto:s.oezdemir@kraus-webentwicklung.de');
  });

  test('the demo page says how to reach us besides its form', async ({ page }) => {
    await page.goto('/demo-anfordern');
    const main = page.getByRole('main');
    await expect(main).toContainText('bis zu 3 Monate kostenlos');
    await expect(main.getByRole('link', { name: '0221 987654-30' })).toHaveAttribute('href', 'tel:+4922198765430');
    await expect(main.getByRole('link', { name: 'info@kraus-webentwicklung.de' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Zum Demo-Formular' })).toHaveAttribute('href', '#demo-formular');
  });

  test('the login test shows the session state', async ({ page }) => {
    await page.goto('/login-test');
    await islandsReady(page);
    // 'unknown' until the session check of the accounts issue answers, then 'loggedOut' for a visitor.
    await expect(page.getByTestId('session-status')).toHaveText(/^(unknown|loggedOut)$/);
    await expect(page.getByRole('heading', { name: 'Aktueller Sitzungsstatus' })).toBeVisible();
  });

  test('the product catalogue shows every product in a group', async ({ page }) => {
    await page.goto('/produktkatalog');
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveCount(products.length);
    await expect(page.getByRole('heading', { level: 2, name: 'Webapp-Pakete zur Miete' })).toBeVisible();
  });
});

test.describe('accessibility of the information pages', () => {
  for (const info of infoPages) {
    test(`${info.path} has no axe violations (light)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(info.path);
      if (info.path === '/zeiterfassung') await showCalculatorNotices(page);
      await expectNoAxeViolations(page);
    });
  }

  for (const path of ['/ueber-uns', '/zeiterfassung']) {
    test(`${path} has no axe violations (dark)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(path);
      if (path === '/zeiterfassung') await showCalculatorNotices(page);
      await expectNoAxeViolations(page);
    });
  }
});

/** The web-application packages with their figures, as the price source holds them (issue 36, decision 0072). */
const webappEntries = webappPackages(prices).map(({ anchor, entry }) => ({ anchor, entry: requireWebappFacts(entry) }));
const recommendedPackage = webappEntries.find(({ entry }) => entry.webapp.recommended)!.entry;

/** Whether the element is read by assistive technology (not inside an aria-hidden subtree). */
const isExposed = (element: Element) => element.closest('[aria-hidden="true"]') === null;

test.describe('package comparison and product cards', () => {
  test('the comparison table lists every package with the figures of the price source', async ({ page }) => {
    await page.goto('/webapp');
    const table = page.getByRole('table', { name: /^Webapp-Pakete im Vergleich/ });
    const columns = table.getByRole('columnheader');
    await expect(columns).toHaveCount(webappEntries.length);
    for (const [index, { anchor, entry }] of webappEntries.entries()) {
      await expect(columns.nth(index).getByRole('link', { name: entry.name, exact: true })).toHaveAttribute('href', `#${anchor}`);
    }
    const cells = async (label: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell').allInnerTexts();
    const expectRow = async (label: string, expected: string[]) => {
      // Line breaks between a cell's parts and the no-break spaces of the amounts count as one space.
      const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
      expect((await cells(label)).map(flat), label).toEqual(expected.map(flat));
    };
    const vat = (entry: (typeof webappEntries)[number]['entry']) => `inkl. ${entry.vatPercent} % USt.`;
    await expectRow('Preis pro Monat', webappEntries.map(({ entry }) => `${formatEuro(entry.grossCents)} pro Monat, ${vat(entry)}`));
    await expectRow(
      'Zahlung je Abrechnungszeitraum',
      webappEntries.map(({ entry }) => `${formatEuro(entry.grossCents * entry.term.billingMonths)} ${entry.term.billingMonths === 1 ? 'monatlich' : `je ${entry.term.billingMonths} Monate`} im Voraus`),
    );
    await expectRow(
      'Supportstunden',
      webappEntries.map(({ entry }) => (entry.webapp.supportHoursPerMonth > 0 ? `${entry.webapp.supportHoursPerMonth} pro Monat inklusive` : 'keine inklusive Support nach Aufwand')),
    );
    await expectRow('Kunden', webappEntries.map(({ entry }) => (entry.webapp.customers ? `${entry.webapp.customers} Kunden für Wiederverkäufer` : 'eigene Nutzung')));
    await expectRow('Speicher', webappEntries.map(({ entry }) => `${entry.webapp.storageGb} GB`));
    await expectRow('Domains', webappEntries.map(({ entry }) => `bis zu ${entry.webapp.domains}`));
    await expectRow('Kostenlose Demo', webappEntries.map(({ entry }) => `bis zu ${entry.webapp.demoMonths} Monate`));
    await expectRow('Verfügbarkeit', webappEntries.map(({ entry }) => `${entry.webapp.availabilityPercent} %`));
    // The same figures the shop sells: the product file's price of each package stands in its column.
    const priceCells = await cells('Preis pro Monat');
    for (const [index, { entry }] of webappEntries.entries()) expect(priceCells[index]).toContain(products.find((product) => product.id === entry.id)!.price);
  });

  test('at 320 px only the table scrolls, in a focusable region with a name', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/webapp');
    const region = page.getByRole('region', { name: /^Webapp-Pakete im Vergleich.*seitlich scrollbar$/ });
    await expect(region).toHaveAttribute('tabindex', '0');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  });

  for (const path of ['/', '/webapp', '/produktkatalog']) {
    test(`${path} marks the recommended package with a readable 'Empfohlen'`, async ({ page }) => {
      await page.goto(path);
      const badges = page.getByRole('main').getByText('Empfohlen', { exact: true });
      await expect(badges.first()).toBeVisible();
      for (const badge of await badges.all()) expect(await badge.evaluate(isExposed)).toBe(true);
      const marked = page.locator('[data-recommended="true"]');
      await expect(marked).toHaveCount(1);
      await expect(marked.getByText('Empfohlen', { exact: true })).toBeVisible();
      await expect(marked.getByRole('heading')).toHaveText(recommendedPackage.name);
      // The accent is a border of its own, not only a shadow: 2 px wide.
      expect(await marked.evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe('2px');
    });
  }
});

/** What every package includes, from the packages' figures in the price source (unit test: it follows a changed source). */
const everyPackage = includedInEveryPackage(webappEntriesOf(prices));

test.describe('texts that follow the package figures', () => {
  test('/webapp names in its cards what every package includes, in the figures of the price source', async ({ page }) => {
    await page.goto('/webapp');
    const cards = page.getByRole('region', { name: 'In jedem Paket enthalten' }).getByRole('heading', { level: 3 });
    await expect(cards).toHaveText(Object.values(includedHeadlines(everyPackage)));
  });

  test('the landing page describes the rented packages with the same figures', async ({ page }) => {
    await page.goto('/');
    const services = page.locator('#services').getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Webapp-Pakete zur Miete' }) });
    await expect(services).toContainText(`Fertige Anwendungen mit ${includedSummary(everyPackage)}, bis zu ${everyPackage.demoMonths} Monate kostenlos testen.`);
    await expect(page.locator('#benefits')).toContainText(`Kostenlose Demo der Webapp-Pakete bis zu ${everyPackage.demoMonths} Monate`);
  });

  test('each package card of the catalogue says whom the package is for, in words of its own', async ({ page }) => {
    await page.goto('/produktkatalog');
    const group = page.getByRole('region', { name: 'Webapp-Pakete zur Miete' });
    const summaries: string[] = [];
    for (const { entry } of webappEntries) {
      const card = group.getByRole('listitem').filter({ has: page.getByRole('heading', { name: entry.name, exact: true }) });
      // The body of the package's Markdown file, not the description all packages share.
      const body = readFileSync(new URL(`../../src/content/prices/${entry.id}.md`, import.meta.url), 'utf8').split(/^---$/mu)[2]!.trim();
      await expect(card, entry.id).toContainText(body);
      summaries.push(body);
    }
    expect(new Set(summaries).size).toBe(webappEntries.length);
    await expect(group.getByText(webappEntries[0]!.entry.description, { exact: true })).toHaveCount(0);
  });

  test('the transparency section of the landing page lists its points under headings, with the cancellation link', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Transparenz' });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(['Bruttopreise, klar fällig', 'Laufzeit und Kündigung', 'Rechnung und Zahlung']);
    await expect(section).toContainText('Alle Preise sind Bruttopreise inklusive der gesetzlichen Mehrwertsteuer; Unternehmer sehen an der Kasse auf Wunsch Nettopreise.');
    await expect(section).toContainText('Upgrades zahlen nur die Differenz.');
    await expect(section).toContainText('Danach laufen die Verträge von Verbrauchern auf unbestimmte Zeit weiter und sind jederzeit mit einer Frist von 10 Tagen');
    await expect(section).toContainText('Rechnungen sind 10 Tage nach Erhalt fällig; Sie zahlen per Überweisung, SEPA-Lastschrift oder PayPal.');
    await expect(section.getByRole('link', { name: '„Verträge hier kündigen“' })).toHaveAttribute('href', '/vertraege-kuendigen');
  });
});

test.describe('people and texts of the info pages', () => {
  for (const path of ['/ansprechpartner', '/ueber-uns']) {
    test(`${path} shows each contact person with an avatar of fixed size beside the name`, async ({ page }) => {
      await page.goto(path);
      const avatars = page.getByRole('main').getByTestId('avatar');
      await expect(avatars).toHaveCount(site.contacts.length);
      for (const [index, person] of site.contacts.entries()) {
        const avatar = avatars.nth(index);
        await expect(avatar).toBeVisible();
        await expect(avatar).toHaveAttribute('aria-hidden', 'true');
        const size = await avatar.getAttribute('width');
        expect(Number(size)).toBeGreaterThan(0);
        await expect(avatar).toHaveAttribute('height', size!);
        // Initials of the name, and the name itself as text beside the avatar.
        await expect(avatar).toHaveText(person.name.split(' ').map((part) => part[0]).join(''));
        await expect(avatar.locator('xpath=..')).toContainText(person.name);
      }
    });
  }

  test('/ueber-uns keeps the space before the company name', async ({ page }) => {
    await page.goto('/ueber-uns');
    const main = page.getByRole('main');
    await expect(main).toContainText(`entstand die ${site.name}, die seit`);
    await expect(main).not.toContainText(`die${site.name}`);
  });
});
