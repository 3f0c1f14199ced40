// The contracts' plain values (constants, codes, route names, the sign-in rules, the message
// catalogue), without any schema: what the console's first load reads. Everything here is also
// exported from the package root.
export * from './constants.js';
export * from './codes.js';
export * from './menu-names.js';
export * from './login-rules.js';
export * from './messages.js';
