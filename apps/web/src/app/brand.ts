/** The product's name everywhere in the web app; change it here to rebrand. */
export const PRODUCT_NAME = 'Membolt';

/** Prefix of every API key the product issues. */
export const API_KEY_PREFIX = 'mblt_';
