/**
 * orchctl, the command-line client: `runOrchctl(argv, io)` runs one invocation against any `Io`
 * (Node: cli/node; the playground's terminal: an Io over the page's fetch). Host-neutral: no Node
 * or DOM API is imported here.
 */
export { runOrchctl, COMMAND_NAMES } from './program.ts';
export { IoError, type CliResponse, type CliTransport, type Connection, type Io, type PathKind } from './io.ts';
export { GLOBAL_OPTIONS, type GlobalFlags, type OptionSpec } from './globals.ts';
export { CLIENT_VERSION } from './version.ts';
export { fetchCliTransport } from './fetch-transport.ts';
export { createMemoryIo, splitCommandLine, type MemoryIoOptions } from './memory-io.ts';
