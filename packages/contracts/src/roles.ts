/** Requests and answers of the roles area. */
export {};
