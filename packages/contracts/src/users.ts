import { z } from 'zod';
import { newPassword, passwordDigest } from './auth.js';
import { pageOf, pageQuery } from './envelope.js';
import { sortQuery } from './sorting.js';
import {
  accountName,
  confirmPasswordField,
  emailAddress,
  keywordFilter,
  phoneNumber,
  requiredText,
  rowId,
  statusValue,
} from './fields.js';
import { TEXT_MAX } from './lengths.js';

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const USER_TYPES = [1, 2] as const;
export const HEIGHT_RANGE = { min: 30, max: 250 } as const;
export const AGE_RANGE = { min: 0, max: 150 } as const;

/** An optional text: empty means none. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => null), schema, z.null()]).optional();

const userFields = {
  username: requiredText(TEXT_MAX.username, 'users.usernameRequired', 'users.usernameTooLong'),
  nickname: optional(z.string().trim().max(TEXT_MAX.nickname, 'users.nicknameTooLong')),
  idNumber: optional(
    z
      .string()
      .trim()
      .max(TEXT_MAX.idNumber, 'users.idNumberInvalid')
      .regex(/^[0-9A-Za-z]+$/, 'users.idNumberInvalid'),
  ),
  gender: optional(z.enum(GENDERS, { error: 'validation.invalid' })),
  birthday: optional(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'users.birthdayInvalid')
      .refine(
        (v) => !Number.isNaN(Date.parse(v)) && v <= new Date().toISOString().slice(0, 10),
        'users.birthdayInvalid',
      ),
  ),
  height: optional(
    z.coerce
      .number({ error: 'users.heightInvalid' })
      .min(HEIGHT_RANGE.min, 'users.heightInvalid')
      .max(HEIGHT_RANGE.max, 'users.heightInvalid')
      .refine((v) => Math.round(v * 10) === v * 10, 'users.heightInvalid'),
  ),
  age: optional(
    z.coerce
      .number({ error: 'users.ageInvalid' })
      .int('users.ageInvalid')
      .min(AGE_RANGE.min, 'users.ageInvalid')
      .max(AGE_RANGE.max, 'users.ageInvalid'),
  ),
  phone: optional(phoneNumber),
  email: optional(emailAddress),
  userType: z.union([z.literal(1), z.literal(2)], { error: 'validation.invalid' }).optional(),
  roleIds: z.array(rowId).max(50, 'validation.invalid').default([]),
};

/** The new-user form as an administrator fills it in; the password rule runs in the browser. */
export const createUserForm = z
  .object({
    account: accountName,
    ...userFields,
    password: newPassword,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });
export type CreateUserForm = z.input<typeof createUserForm>;

/** POST system-server/user/create (the password as its SHA-256 digest). */
export const createUserRequest = z.object({ account: accountName, ...userFields, password: passwordDigest });
export type CreateUserRequest = z.input<typeof createUserRequest>;
export type CreateUserInput = z.output<typeof createUserRequest>;

/** POST system-server/user/update: everything but the account and the password. */
export const updateUserRequest = z.object({ userId: rowId, ...userFields });
export type UpdateUserRequest = z.input<typeof updateUserRequest>;
export type UpdateUserInput = z.output<typeof updateUserRequest>;
export const updateUserForm = z.object(userFields);

/** POST system-server/user/status */
export const userStatusRequest = z.object({ userId: rowId, status: statusValue });
export type UserStatusRequest = z.input<typeof userStatusRequest>;

/** The reset-password dialog of an administrator: the same rule as a user's own change. */
export const resetPasswordForm = z
  .object({
    password: newPassword,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });

/** POST system-server/user/resetPwd */
export const resetPasswordRequest = z.object({ userId: rowId, password: passwordDigest });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** POST system-server/user/delete */
export const deleteUserRequest = z.object({ userId: rowId });

/** The columns the users list is sorted by on the server. */
export const USER_SORT_COLUMNS = ['account', 'username', 'lastLoginTime'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** GET system-server/user/page and /export */
export const userPageQuery = pageQuery.extend({
  ...sortQuery(USER_SORT_COLUMNS),
  keyword: keywordFilter,
  phone: z
    .string()
    .trim()
    .max(TEXT_MAX.phone, 'validation.invalid')
    .optional()
    .transform((v) => v || undefined),
  status: z.coerce.number().pipe(statusValue).optional(),
  roleId: rowId.optional(),
});
export type UserPageQuery = z.input<typeof userPageQuery>;

export const userRole = z.object({ roleId: z.number().int(), roleName: z.string(), roleCode: z.string() });
export type UserRole = z.infer<typeof userRole>;

export const userRow = z.object({
  userId: z.number().int(),
  account: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  idNumber: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  birthday: z.string().nullable(),
  height: z.number().nullable(),
  age: z.number().int().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  userType: z.number().int(),
  status: z.number().int(),
  /** Empty: the console shows 'No Role Assigned'. */
  roles: z.array(userRole),
  lastLoginTime: z.string().nullable(),
  createTime: z.string(),
});
export type UserRow = z.infer<typeof userRow>;
export const userPage = pageOf(userRow);

/**
 * A role to choose for a user. `assignable`: the caller may give or take it (it holds every menu
 * and resource of the role, or grants everything; administrator roles need the latter).
 */
export const userRoleOption = userRole.extend({ assignable: z.boolean() });
export type UserRoleOption = z.infer<typeof userRoleOption>;

/** GET system-server/user/role-options: the acting tenant's enabled roles. */
export const userRoleOptions = z.array(userRoleOption);
