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
const productsButton = () => required<HTMLButtonElement>('[data-action="products"]');
const productsMenu = () => required<HTMLElement>('#products-menu');

function setMenuOpen(open: boolean): void {
  menuButton().setAttribute('aria-expanded', String(open));
  required('[data-menu-label]').textContent = open ? 'Menü schließen' : 'Menü öffnen';
  menu().hidden = !open;
}

function setProductsOpen(open: boolean): void {
  productsButton().setAttribute('aria-expanded', String(open));
  productsMenu().hidden = !open;
}

export function toggleMenu(): void {
  setMenuOpen(menu().hidden === true);
}

/** The desktop header's 'Produkte' button: a disclosure of the product links (decision 0071). */
export function toggleProducts(): void {
  setProductsOpen(productsMenu().hidden === true);
}

/** A followed link closes the menu it stood in, also when it only scrolls this page (/#contact). */
export function closeMenu(): void {
  if (!menu().hidden) setMenuOpen(false);
  if (!productsMenu().hidden) setProductsOpen(false);
}

/** The header's live parts (SPEC §2/§4), kept in step with the stores. */
export function startHeader(): void {
  const header = required<HTMLElement>('[data-shell-header]');
  const onScroll = () => {
    header.dataset.scrolled = String(window.scrollY > SCROLLED_AFTER_PX);
  };
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });

  // Escape closes an open menu and gives the focus back to its button.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    if (!productsMenu().hidden) {
      setProductsOpen(false);
      productsButton().focus();
    } else if (!menu().hidden) {
      setMenuOpen(false);
      menuButton().focus();
    }
  });

  // The 'Produkte' menu closes when a click or the focus goes elsewhere: it covers the page
  // below, which must not stay hidden behind a menu the visitor has left.
  const products = required<HTMLElement>('[data-products]');
  const leftProducts = (target: EventTarget | null) => !(target instanceof Node && products.contains(target));
  document.addEventListener('click', (event) => {
    if (!productsMenu().hidden && leftProducts(event.target)) setProductsOpen(false);
  });
  products.addEventListener('focusout', (event) => {
    if (!productsMenu().hidden && event.relatedTarget !== null && leftProducts(event.relatedTarget)) setProductsOpen(false);
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
