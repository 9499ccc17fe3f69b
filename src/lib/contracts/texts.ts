import { germanDate } from '../forms/dates.ts';
import type { CustomerType } from '../schemas/order.ts';
import { durationText, everyText } from '../prices/rhythm.ts';
import { euro, vatLabel } from '../prices/statement.ts';
import type { AccountContract } from './overview.ts';

/**
 * How the customer area words a contract, with the price helpers the order pages use: a
 * consumer's contract is priced gross ('inkl. 19 % USt.'), a business's net ('zzgl. 19 % USt.').
 */

/** 'Webapp Basis (6 Monate)', or '2 × Domain beispiel.de' for more than one unit. */
export function serviceText(contract: Pick<AccountContract, 'name' | 'quantity'>): string {
  return contract.quantity > 1 ? `${contract.quantity} × ${contract.name}` : contract.name;
}

/** '540,00 € je 6 Monate inkl. 19 % USt.' or '453,78 € netto je 6 Monate zzgl. 19 % USt.' */
export function periodPriceText(contract: Pick<AccountContract, 'periodCents' | 'priceBasis' | 'billingMonths' | 'vatPercent'>): string {
  return `${euro(contract.periodCents, contract.priceBasis)} ${everyText(contract.billingMonths)} ${vatLabel(contract.vatPercent, contract.priceBasis)}`;
}

/** '6 Monate, bis 23.05.2027' */
export function minimumTermText(contract: Pick<AccountContract, 'minimumMonths' | 'minimumTermEnd'>): string {
  return `${durationText(contract.minimumMonths)}, bis ${germanDate(contract.minimumTermEnd)}`;
}

export const customerTypeLabel: Readonly<Record<CustomerType, string>> = { consumer: 'Verbraucher', business: 'Unternehmer' };
