import { domainRows, type DomainRow } from '../lib/domains.ts';
import { prices } from './prices.ts';

/** The domain endings of the price source, for /domains and /domains/{tld}. */
export const domains: readonly DomainRow[] = domainRows(prices);
