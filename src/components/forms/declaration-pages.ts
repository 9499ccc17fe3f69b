import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PostedReceipt } from '../../lib/forms/posted-form.ts';
import { DeclarationPage } from './DeclarationPage.tsx';
import { Receipt } from './Receipt.tsx';

/**
 * The HTML pages a declaration posted without JavaScript is answered with (decision 0033), rendered
 * on the server from the islands' own components. The function files hand them to
 * src/server/forms/declaration-post.ts, which never imports a component itself.
 */
export function declarationPage(title: string, content: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(createElement(DeclarationPage, { title, children: content }))}`;
}

/** The receipt, without the print button (it needs a script; the browser's print works). */
export function declarationReceiptPage(receipt: PostedReceipt): string {
  return declarationPage('Eingangsbestätigung', createElement(Receipt, { ...receipt, printButton: false }));
}
