import { PENDING_PRODUCT_CODES, PRODUCT_CODES } from '~/products/types';

/** The registry's product codes (app/products) and the codes whose products are still to come. */
export const productCodeSchema = {
  type: 'string',
  enum: [...PRODUCT_CODES, ...PENDING_PRODUCT_CODES],
} as const;
