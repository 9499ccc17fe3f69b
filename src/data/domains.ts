import * as v from 'valibot';
import { DomainsDataSchema, type DomainsData } from '../lib/schemas/domains.ts';
import data from './domains.json';

/** The domain price list, validated at build time: a typo in domains.json fails the build. */
export const domains: DomainsData = v.parse(DomainsDataSchema, data);
