/** Requests and answers of the users area. */
export {};
