import * as v from 'valibot';
import products from '../../locales/de-products.json';
import { ProductsLocaleSchema, type Product } from '../lib/schemas/locales.ts';

/**
 * The German offers for pages rendered at build time, read from the same file the site serves
 * at /locales/de-products.json and validated with the same schema: a broken file fails the build.
 */
export const germanProducts: readonly Product[] = v.parse(ProductsLocaleSchema, products).products;
