/** Requests and answers of the expose area. */
export {};
