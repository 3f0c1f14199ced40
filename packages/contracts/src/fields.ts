import { z } from 'zod';
import { TEXT_MAX } from './lengths.js';

/**
 * Formats of fields that several areas share (spec section 5: "phone, email and height have format
 * checks, details not shown"). A phone is 6 to 20 digits, with an optional leading + and single
 * spaces or dashes between groups; an email is the usual local@domain.tld, at most 200 characters.
 */
export const PHONE_PATTERN = /^\+?[0-9](?:[ -]?[0-9]){5,19}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Accounts of users and of tenants' administrators: what a person can type on any keyboard. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]+$/;

/** A required text field: trimmed, not empty, at most `max` characters (the column's length). */
export const requiredText = (max: number, requiredKey = 'validation.required', tooLongKey = 'validation.invalid') =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(max, tooLongKey);

export const phoneNumber = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required', abort: true })
  .max(TEXT_MAX.phone, 'validation.phoneInvalid')
  .regex(PHONE_PATTERN, 'validation.phoneInvalid');

export const emailAddress = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required', abort: true })
  .max(TEXT_MAX.email, 'validation.emailInvalid')
  .regex(EMAIL_PATTERN, 'validation.emailInvalid');

export const accountName = z
  .string({ error: 'validation.accountRequired' })
  .trim()
  .min(1, { message: 'validation.accountRequired', abort: true })
  .max(TEXT_MAX.account, 'validation.accountTooLong')
  .regex(ACCOUNT_PATTERN, 'validation.accountFormat');

/** 1 enabled, 0 disabled (tenants, users, roles, menus). */
export const statusValue = z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' });

/** The largest value of a PostgreSQL `integer` (int4): ids, and every other whole number a request carries. */
export const INT4_MAX = 2_147_483_647;

/** A row id in a JSON body: a whole number from 1 to the id column's largest value. */
export const idValue = z
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(INT4_MAX, 'validation.outOfRange');

/** A row id in a body or query (a query's text is read as a number). */
export const rowId = z.coerce
  .number({ error: 'validation.required' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(INT4_MAX, 'validation.outOfRange');

/** The free-text search of a list: trimmed, at most 100 characters, absent when empty. */
export const keywordFilter = z
  .string()
  .trim()
  .max(TEXT_MAX.keyword, 'validation.invalid')
  .optional()
  .transform((v) => v || undefined);

/** The "type it again" field of a password form; its match is checked on the whole form. */
export const confirmPasswordField = z
  .string({ error: 'validation.confirmPasswordRequired' })
  .min(1, 'validation.confirmPasswordRequired');

/** The years a time filter may name: JavaScript reaches further than a PostgreSQL timestamp. */
const FILTER_YEARS = { min: 1, max: 9999 } as const;

const isFilterTime = (text: string) => {
  const time = Date.parse(text);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= FILTER_YEARS.min && year <= FILTER_YEARS.max;
};

/**
 * A point in time in a filter: an ISO 8601 string (the console sends its date pickers' values), in
 * the years 1 to 9999.
 */
export const timeFilterOf = (invalidKey = 'validation.invalid') =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isFilterTime(v), invalidKey)
    .transform((v) => (v ? new Date(v) : undefined));
