/** Product name, kept in one place so an operator can rebrand (the web app, the API docs, e-mails). */
export const PRODUCT_NAME = 'Membolt';
