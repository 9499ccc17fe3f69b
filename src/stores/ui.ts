import { map } from 'nanostores';

/** SPEC §4 / §9: the 'English is not yet supported' toast closes after 2500 ms. */
export const ENGLISH_NOTICE_MS = 2500;

/** What the 'added to cart' dialog names: a product, or the configuration as a whole. */
export interface AddedToCart {
  name: string;
  quantity: number;
}

/** UI state shared by islands (SPEC §3), plus the flags later dialogs render from. */
export interface UiState {
  showAddToCartModal: boolean;
  lastAddedProduct: AddedToCart | null;
  showCartModal: boolean;
  showLoginDialog: boolean;
  isClickDummyFullscreen: boolean;
  showEnglishNotice: boolean;
}

export const $ui = map<UiState>({
  showAddToCartModal: false,
  lastAddedProduct: null,
  showCartModal: false,
  showLoginDialog: false,
  isClickDummyFullscreen: false,
  showEnglishNotice: false,
});

export function openCart(): void {
  $ui.setKey('showCartModal', true);
}

export function closeCart(): void {
  $ui.setKey('showCartModal', false);
}

/** Confirms an addition to the cart with the 'added to cart' dialog (SPEC §4). */
export function showAddedToCart(product: AddedToCart): void {
  $ui.set({ ...$ui.get(), lastAddedProduct: product, showAddToCartModal: true });
}

export function closeAddedToCart(): void {
  $ui.setKey('showAddToCartModal', false);
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

let englishNoticeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * German is the only language (SPEC §1): choosing English only shows the toast. Choosing it
 * again while the toast is up restarts the 2500 ms, so it never vanishes right after a click.
 */
export function announceEnglishUnsupported(): void {
  clearTimeout(englishNoticeTimer);
  $ui.setKey('showEnglishNotice', true);
  englishNoticeTimer = setTimeout(() => $ui.setKey('showEnglishNotice', false), ENGLISH_NOTICE_MS);
}
