import { $cartCount } from '../../stores/cart.ts';
import { $theme } from '../../stores/theme.ts';
import { $ui } from '../../stores/ui.ts';

const SCROLLED_AFTER_PX = 10;

function required<T extends Element>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`Seitenrahmen unvollständig: ${selector} fehlt.`);
  return element;
}

const menuButton = () => required<HTMLButtonElement>('[data-action="menu"]');
const menu = () => required<HTMLElement>('#mobile-menu');

function setMenuOpen(open: boolean): void {
  menuButton().setAttribute('aria-expanded', String(open));
  required('[data-menu-label]').textContent = open ? 'Menü schließen' : 'Menü öffnen';
  menu().hidden = !open;
}

export function toggleMenu(): void {
  setMenuOpen(menu().hidden === true);
}

export function closeMenu(): void {
  if (!menu().hidden) setMenuOpen(false);
}

/** The header's live parts (SPEC §2/§4), kept in step with the stores. */
export function startHeader(): void {
  const header = required<HTMLElement>('[data-shell-header]');
  const onScroll = () => {
    header.dataset.scrolled = String(window.scrollY > SCROLLED_AFTER_PX);
  };
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });

  // Escape closes the open mobile menu and gives the focus back to its button.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || menu().hidden) return;
    setMenuOpen(false);
    menuButton().focus();
  });

  const themeButton = required<HTMLButtonElement>('[data-action="theme"]');
  $theme.subscribe((theme) => {
    const label = theme === 'dark' ? 'Helles Design aktivieren' : 'Dunkles Design aktivieren';
    themeButton.setAttribute('aria-label', label);
    themeButton.title = label;
  });

  const cartButton = required<HTMLButtonElement>('[data-action="cart"]');
  const badge = required<HTMLElement>('[data-cart-badge]');
  $cartCount.subscribe((count) => {
    cartButton.setAttribute('aria-label', `Warenkorb, ${count} Artikel`);
    badge.textContent = String(count);
    badge.hidden = count === 0;
  });

  const toast = required<HTMLElement>('[data-english-toast]');
  const leaveFullscreen = required<HTMLButtonElement>('[data-action="leave-fullscreen"]');
  $ui.subscribe(({ showEnglishNotice, isClickDummyFullscreen }) => {
    // Filled and emptied, not only shown: the status region announces inserted text.
    toast.textContent = showEnglishNotice ? 'English is not yet supported' : '';
    toast.hidden = !showEnglishNotice;
    leaveFullscreen.hidden = !isClickDummyFullscreen;
  });
}
