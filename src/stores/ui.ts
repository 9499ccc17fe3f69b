import { map } from 'nanostores';
import type { CartProduct } from './cart.ts';

/** UI state shared by islands (SPEC §3). */
export interface UiState {
  showAddToCartModal: boolean;
  lastAddedProduct: (CartProduct & { quantity: number }) | null;
  showCartModal: boolean;
  showLoginDialog: boolean;
  isClickDummyFullscreen: boolean;
}

export const $ui = map<UiState>({
  showAddToCartModal: false,
  lastAddedProduct: null,
  showCartModal: false,
  showLoginDialog: false,
  isClickDummyFullscreen: false,
});

export function openCart(): void {
  $ui.setKey('showCartModal', true);
}

export function closeCart(): void {
  $ui.setKey('showCartModal', false);
}

export function openLoginDialog(): void {
  $ui.setKey('showLoginDialog', true);
}

export function closeLoginDialog(): void {
  $ui.setKey('showLoginDialog', false);
}

export function setClickDummyFullscreen(fullscreen: boolean): void {
  $ui.setKey('isClickDummyFullscreen', fullscreen);
}
