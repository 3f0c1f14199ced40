// What other modules may ask of users besides the users service: who an account names (sign-in,
// external access, new tenants), whether users exist (notices) and the tenant administrator made
// with a new tenant. Kept apart from users.service.ts, which itself uses the access module.
export {
  existingUserIds,
  findSignInCandidates,
  findUser,
  findUserByAccount,
  insertUser,
  touchLastLogin,
  type UserRow,
} from './users.repository.js';
