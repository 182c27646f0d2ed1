/** Texts more than one dashboard part shows (docs/product.md §8). */
export const USAGE_LIMIT_TEXT = 'Usage limit reached - upgrade to continue';
