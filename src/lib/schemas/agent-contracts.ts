import * as v from 'valibot';
import { PageSchema } from './inbox.ts';

/** The agent dashboard's contracts (GET /api/agent/contracts), checked the same in browser and function. */

/** Customers per page, like the inbox's items. */
export const CONTRACTS_PAGE_SIZE = 20;

export const contractQueryMessages = {
  searchTooLong: 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.',
} as const;

/** `?q=&page=`: q (trimmed, '' for all) is part of an e-mail address, a contract or an order number. */
export const ContractQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(contractQueryMessages.searchTooLong), v.trim(), v.maxLength(100, contractQueryMessages.searchTooLong)), ''),
  page: PageSchema,
});
export type ContractQuery = v.InferOutput<typeof ContractQuerySchema>;
