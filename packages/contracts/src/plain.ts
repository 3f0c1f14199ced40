// The contracts' plain values (constants, codes, route names, the sign-in rules, the message
// catalogue, the robot protocol's topics and limits), without any schema: what the console's first
// load and the embedded broker's thread read. Everything here is also exported from the package root.
export * from './constants.js';
export * from './codes.js';
export * from './menu-names.js';
export * from './login-rules.js';
export * from './messages.js';
export * from './protocol-topics.js';
