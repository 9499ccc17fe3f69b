import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/**
 * Every dialog of SPEC §2 the sweeps open: axe in both themes (a11y.spec.ts) and the keyboard
 * contract of the generic modal (keyboard.spec.ts). A new dialog is one entry here.
 */
export interface SweptDialog {
  /** Accessible name of the open dialog. */
  title: string;
  /** The page the dialog is opened on. */
  path: string;
  /** Brings the hydrated page into the state in which the opener opens the dialog. */
  prepare?: (page: Page) => Promise<void>;
  /** The control a visitor opens it with; focus returns there when it closes. */
  opener: (page: Page) => Locator;
}

const contactForm = (page: Page) => page.getByRole('form', { name: 'Kontaktformular' });

/**
 * Scrolls a `client:visible` island into view and waits until it hydrated: fields filled in
 * before would be reset by React's first render.
 */
async function showHydrated(section: Locator): Promise<void> {
  await section.scrollIntoViewIfNeeded();
  await expect.poll(() => section.evaluate((el) => el.closest('astro-island[ssr]') === null && el.querySelector('astro-island[ssr]') === null)).toBe(true);
}

export const dialogs: Record<string, SweptDialog> = {
  login: {
    title: 'Willkommen zurück',
    path: '/',
    opener: (page) => page.getByRole('button', { name: 'Login / Registrieren' }),
  },
  cart: {
    title: 'Warenkorb',
    path: '/',
    opener: (page) => page.getByRole('button', { name: 'Warenkorb, 0 Artikel' }),
  },
  'added to cart': {
    title: 'Zum Warenkorb hinzugefügt',
    path: '/ueber-uns',
    opener: (page) => page.getByRole('button', { name: 'In den Warenkorb: Webapp Basis (6 Monate)' }),
  },
  'click-dummy contact': {
    title: 'Ihre Kontaktdaten',
    path: '/',
    prepare: async (page) => {
      const section = page.locator('#clickDummy');
      await showHydrated(section);
      await section.getByLabel('Beschreiben Sie Ihre Anwendung').fill('Eine Lagerverwaltung mit Barcode-Scanner.');
    },
    opener: (page) => page.locator('#clickDummy').getByRole('button', { name: 'Click-Dummy erstellen' }),
  },
  chat: {
    title: 'Chat Support',
    path: '/',
    opener: (page) => page.getByRole('button', { name: 'Chat Support öffnen' }),
  },
  // The generic modal (OK/Cancel) as the contact form shows it before the security check is solved.
  'generic modal': {
    title: 'Hinweis',
    path: '/',
    prepare: async (page) => {
      const form = contactForm(page);
      await showHydrated(form);
      await form.getByLabel('Name').fill('Erika Mustermann');
      await form.getByLabel('E-Mail').fill('erika@example.test');
      await form.getByLabel('Betreff').fill('Kundenportal');
      await form.getByLabel('Nachricht', { exact: false }).first().fill('Eine Frage zum Hosting.');
    },
    opener: (page) => contactForm(page).getByRole('button', { name: 'Nachricht senden' }),
  },
};

export function dialogOf(page: Page, dialog: SweptDialog): Locator {
  return page.getByRole('dialog', { name: dialog.title });
}

export async function expectOpen(page: Page, dialog: SweptDialog): Promise<Locator> {
  const locator = dialogOf(page, dialog);
  await expect(locator).toBeVisible();
  return locator;
}
