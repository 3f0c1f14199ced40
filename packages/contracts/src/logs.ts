/** Requests and answers of the logs area. */
export {};
