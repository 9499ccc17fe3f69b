import { addItem } from '../../stores/cart.ts';
import { openChatModal } from '../../stores/chat-button.ts';
import { logout } from '../../stores/session.ts';
import { toggleTheme } from '../../stores/theme.ts';
import { announceEnglishUnsupported, openCart, openLoginDialog, setClickDummyFullscreen, showAddedToCart } from '../../stores/ui.ts';
import { closeCookieNotice } from './cookie-notice.ts';
import { closeMenu, toggleMenu, toggleProducts } from './header.ts';

/**
 * What each shell control does, by its data-action. The controls are plain HTML in every page;
 * one listener on the document serves them all, also inside islands (the offers of the about page).
 */
const actions: Readonly<Record<string, (control: HTMLElement) => void>> = {
  login: () => {
    closeMenu();
    openLoginDialog();
  },
  logout: () => void logout(),
  cart: openCart,
  chat: openChatModal,
  theme: toggleTheme,
  english: announceEnglishUnsupported,
  menu: toggleMenu,
  products: toggleProducts,
  'close-menu': closeMenu,
  'leave-fullscreen': () => setClickDummyFullscreen(false),
  'close-cookie-notice': closeCookieNotice,
  'add-to-cart': (control) => {
    // The button carries the catalogue id and the name as the page's build wrote them; the price
    // is the catalogue's, looked up where the cart is shown.
    const { productId, productName } = control.dataset;
    if (!productId || !productName) {
      console.error('Produktdaten des Buttons fehlen oder sind ungültig:', control);
      return;
    }
    addItem(productId, 1);
    showAddedToCart({ name: productName, quantity: 1 });
  },
};

export function runAction(control: HTMLElement): void {
  actions[control.dataset.action ?? '']?.(control);
}

/** Serves clicks from now on; clicks made before the shell ran come in through `replay`. */
export function handleClicks(): void {
  document.addEventListener('click', (event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-action]') : null;
    if (control) runAction(control);
  });
}
