/** Texts more than one dashboard part shows (docs/product.md §8). */
export const USAGE_LIMIT_TEXT = 'Usage limit reached - upgrade to continue';
/** The limit reached on a server that sells nothing (PAYMENTS=off): only its operator can raise it. */
export const OPERATOR_LIMIT_TEXT = 'Usage limit reached: ask the operator of this server for a larger plan.';
