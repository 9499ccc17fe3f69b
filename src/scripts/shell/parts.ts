import { $chatButton } from '../../stores/chat-button.ts';
import { $ui } from '../../stores/ui.ts';

/**
 * The interactive parts of the page shell that need React: the login, cart and 'added to cart'
 * dialogs and the chat. None of them is in the page until it is first used (issue 22): a store
 * flag asks for it (a shell control, or any island calling openLoginDialog(), openCart(), …), the
 * part's code loads, and it is mounted once and then stays, so reopening keeps its state. Pointing
 * at or focusing a control that opens a part fetches its code ahead, so the click feels instant.
 */
const parts = {
  login: () => import('../../components/islands/LoginDialog.tsx'),
  cart: () => import('../../components/islands/CartDialog.tsx'),
  added: () => import('../../components/islands/AddedToCartDialog.tsx'),
  chat: () => import('../../components/chat/ChatModal.tsx'),
} as const;

export type PartName = keyof typeof parts;

export const isPartName = (name: string | undefined): name is PartName => name !== undefined && Object.hasOwn(parts, name);

const mounted = new Map<PartName, Promise<void>>();

/** Fetches a part's code (and React) ahead of its use; safe to call often. */
export function prefetchPart(name: PartName): void {
  void parts[name]().catch(() => undefined); // a failed prefetch is retried by the real use
  void import('react-dom/client').catch(() => undefined);
}

async function mount(name: PartName): Promise<void> {
  const [{ createRoot }, { createElement }, { default: Part }] = await Promise.all([import('react-dom/client'), import('react'), parts[name]()]);
  const container = document.createElement('div');
  container.dataset.shellPart = name;
  document.body.append(container);
  createRoot(container).render(createElement(Part));
}

/**
 * Mounts a part once. While its code is on the way the controls that open it say so
 * (aria-busy, and the progress cursor); if it cannot load (offline), they are freed again and the
 * next use tries anew.
 */
export function ensurePart(name: PartName): Promise<void> {
  let pending = mounted.get(name);
  if (pending) return pending;
  const controls = document.querySelectorAll<HTMLElement>(`[data-part="${name}"]`);
  for (const control of controls) control.setAttribute('aria-busy', 'true');
  pending = mount(name)
    .catch((error: unknown) => {
      mounted.delete(name);
      console.error(`Teil „${name}“ konnte nicht geladen werden:`, error);
    })
    .finally(() => {
      for (const control of controls) control.removeAttribute('aria-busy');
    });
  mounted.set(name, pending);
  return pending;
}

/** Mounts each part when its store flag first asks for it. */
export function mountPartsOnDemand(): void {
  $ui.subscribe((ui) => {
    if (ui.showLoginDialog) void ensurePart('login');
    if (ui.showCartModal) void ensurePart('cart');
    if (ui.showAddToCartModal) void ensurePart('added');
  });
  $chatButton.subscribe((chat) => {
    if (chat.isChatModalOpen) void ensurePart('chat');
  });
}

/** Fetches a part's code when the pointer or the focus reaches a control that opens it. */
export function prefetchOnIntent(): void {
  const intent = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-part]') : null;
    const name = control?.dataset.part;
    if (isPartName(name)) prefetchPart(name);
  };
  document.addEventListener('pointerover', intent, { passive: true });
  document.addEventListener('focusin', intent);
}
