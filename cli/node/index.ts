/** The Node host of orchctl: its Io and entry point. */
export { createNodeIo, type NodeIoOptions } from './node-io.ts';
export { nodeTransport } from './transport.ts';
export { run } from './main.ts';
