import { logout } from '../../client/auth.ts';
import { addItem, type CartProduct } from '../../stores/cart.ts';
import { openChatModal } from '../../stores/chat.ts';
import { toggleTheme } from '../../stores/theme.ts';
import { announceEnglishUnsupported, openCart, openLoginDialog, setClickDummyFullscreen, showAddedToCart } from '../../stores/ui.ts';
import { closeCookieNotice } from './cookie-notice.ts';
import { closeMenu, toggleMenu } from './header.ts';

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
  'close-menu': closeMenu,
  'leave-fullscreen': () => setClickDummyFullscreen(false),
  'close-cookie-notice': closeCookieNotice,
  'add-to-cart': (control) => {
    const product = productOf(control);
    if (!product) return;
    addItem(product, 1);
    showAddedToCart({ ...product, quantity: 1 });
  },
};

/** The product a button carries in data-product, as the page's build wrote it. */
function productOf(control: HTMLElement): CartProduct | undefined {
  try {
    const value = JSON.parse(control.dataset.product ?? '') as Partial<CartProduct>;
    if (typeof value.id === 'string' && typeof value.name === 'string' && typeof value.price === 'number' && typeof value.image === 'string') {
      return { id: value.id, name: value.name, price: value.price, image: value.image };
    }
  } catch {
    // falls through
  }
  console.error('Produktdaten des Buttons fehlen oder sind ungültig:', control);
  return undefined;
}

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
