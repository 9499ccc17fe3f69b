import { handleClicks, runAction } from './actions.ts';
import { startChatLauncher } from './chat-launcher.ts';
import { startCookieNotice } from './cookie-notice.ts';
import { startHeader } from './header.ts';
import { mountPartsOnDemand, prefetchOnIntent } from './parts.ts';
import { startSessionBar } from './session-bar.ts';

declare global {
  interface Window {
    /** Shell controls clicked before this script ran, kept by public/shell-init.js. */
    shellEarlyClicks?: HTMLElement[];
  }
}

/**
 * The page shell of every page (issue 22): header, top bar, cookie notice and chat button are
 * HTML; this script, without a framework, keeps them working and brings in the React parts
 * (dialogs, chat) on first use. Pages whose purpose is interactive hydrate their own islands.
 */
startHeader();
startSessionBar();
startCookieNotice();
startChatLauncher();
mountPartsOnDemand();
prefetchOnIntent();
handleClicks();

// Clicks that came before this script are answered now, in their order: none is lost.
const early = window.shellEarlyClicks ?? [];
window.shellEarlyClicks = undefined;
for (const control of early) if (control.isConnected) runAction(control);
