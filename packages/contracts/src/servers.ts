/** Requests and answers of the servers area. */
export {};
