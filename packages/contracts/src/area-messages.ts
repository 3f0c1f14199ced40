import type { Language } from './constants.js';

/**
 * The messages of one area in the three languages; zh-CN defines the keys and the other two
 * languages must have exactly the same ones (a missing translation fails the build).
 */
export type AreaMessages<T extends Record<string, string>> = Record<Language, { [K in keyof T]: string }>;
