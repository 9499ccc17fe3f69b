import type { Locator, Page } from '@playwright/test';
import { expect, islandsReady, test } from '../fixtures.ts';
import { dialogOf, dialogs } from './dialogs.ts';

/**
 * The keyboard contract of every dialog (SPEC §2, generic modal): its opener is reachable with
 * Tab and opens it with Enter, Tab and Shift+Tab stay inside, Escape closes it and the focus
 * returns to the opener.
 */

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const holdsFocus = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement));
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}` : '';
  });

/** What a keyboard user can reach, in DOM order (installed in the page: evaluate callbacks run there). */
function installFocusables() {
  (window as unknown as { focusablesIn: (el: Element) => HTMLElement[] }).focusablesIn = (el) =>
    [...el.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])')].filter(
      (item) => item.getClientRects().length > 0,
    );
}
declare function focusablesIn(el: Element): HTMLElement[];

/** Tabs from the top of the page until the element has the focus; fails if it never gets it. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let presses = 0; presses < 400; presses++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error('Der Öffner des Dialogs ist mit Tab nicht erreichbar.');
}

test.describe('dialogs by keyboard', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const [name, dialog] of Object.entries(dialogs)) {
    test(`the ${name} dialog opens with Enter, traps Tab and closes with Escape`, async ({ page }) => {
      await page.addInitScript(installFocusables);
      await page.goto(dialog.path);
      await islandsReady(page);
      await dialog.prepare?.(page);
      const opener = dialog.opener(page);
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      const open = dialogOf(page, dialog);
      await expect(open).toBeVisible();
      await expect.poll(() => holdsFocus(open), 'Fokus im Dialog nach dem Öffnen').toBe(true);

      const focusable = await open.evaluate((el) => focusablesIn(el).length);
      for (const key of ['Tab', 'Shift+Tab']) {
        const visited = new Set<number>();
        // One round and one more: the focus wraps around instead of leaving.
        for (let i = 0; i <= focusable; i++) {
          await page.keyboard.press(key);
          expect(await holdsFocus(open), `${key} Nr. ${i + 1} verlässt den Dialog (${await focusedLabel(page)})`).toBe(true);
          visited.add(await open.evaluate((el) => focusablesIn(el).indexOf(document.activeElement as HTMLElement)));
        }
        expect(visited.size, `${key} erreicht jedes bedienbare Element`).toBe(Math.max(focusable, 1));
      }

      await page.keyboard.press('Escape');
      await expect(open).toBeHidden();
      await expect.poll(() => isFocused(opener), 'Fokus zurück auf dem Öffner').toBe(true);
    });
  }
});
