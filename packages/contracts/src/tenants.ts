/** Requests and answers of the tenants area. */
export {};
