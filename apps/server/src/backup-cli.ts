// `backup <file>` and `restore <file> [--force]` alone: the launcher's commands (cli.ts) of the same
// names, for scripts that call this file.
if (!['backup', 'restore'].includes(process.argv[2] ?? '')) {
  process.stderr.write('usage: backup <file> | restore <file> [--force]\n');
  process.exit(2);
}
await import('./cli.js');

export {};
