import { formatEuro, formatVatPercent } from '../../lib/money.ts';
import type { Priced } from '../../lib/prices/amounts.ts';

/**
 * What a click-dummy request is and is not (issue 18): asking for a first prototype from the start
 * page is free and binds nobody; the click-dummy service at its monthly price is a contract only
 * when ordered with 'zahlungspflichtig bestellen'. The dialog, the page and the confirmation mail
 * say it in these words.
 */
export const CLICK_DUMMY_REQUEST_IS_FREE = 'Ihre Anfrage ist kostenlos und unverbindlich: Sie schließen damit keinen Vertrag und zahlen nichts.';

/** 'Den Click-Dummy-Service zum monatlichen Festpreis von 107,10 € inkl. 19 % USt. (90,00 € netto) …' */
export function clickDummyServiceText(service: Priced): string {
  return (
    `Den Click-Dummy-Service zum monatlichen Festpreis von ${formatEuro(service.grossCents)} inkl. ${formatVatPercent(service.vatPercent)} USt. ` +
    `(${formatEuro(service.netCents)} netto) buchen Sie erst, wenn Sie ihn über den Warenkorb zahlungspflichtig bestellen.`
  );
}
