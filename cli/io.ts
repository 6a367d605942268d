/**
 * Everything a command needs of the world it runs in. The commands never touch Node or the DOM
 * directly, so the same code runs in a terminal (cli/node) and in the playground's terminal panel.
 */
import type { ClientRequest, ClientResponse } from '../controllers/runtime/client/index.ts';

/** A response whose headers can be read (a WHATWG Response is one). Warnings arrive in headers. */
export interface CliResponse extends ClientResponse {
  readonly headers: { get(name: string): string | null };
}

export type CliTransport = (request: ClientRequest) => Promise<CliResponse>;

/** How to reach one server, from the kubeconfig and the command line. */
export interface Connection {
  readonly server: string;
  readonly token?: string;
  readonly username?: string;
  readonly password?: string;
  /** PEM text (from a file or a kubeconfig's *-data field). */
  readonly certificateAuthority?: string;
  readonly clientCertificate?: string;
  readonly clientKey?: string;
  readonly insecureSkipTlsVerify?: boolean;
  readonly tlsServerName?: string;
  readonly disableCompression?: boolean;
}

/** Failures of the world (a missing file, a refused connection), as the Go client words them. */
export class IoError extends Error {
  constructor(
    message: string,
    readonly code: 'ENOENT' | 'EACCES' | 'ECONNREFUSED' | 'TIMEOUT' | 'OTHER',
  ) {
    super(message);
    this.name = 'IoError';
  }
}

export type PathKind = 'file' | 'dir' | 'missing';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The home directory (`~` of `~/.orch/config`). */
  readonly home: string;
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  pathKind(path: string): Promise<PathKind>;
  /** Entry names, sorted. */
  readDir(path: string): Promise<string[]>;
  readStdin(): Promise<string>;
  /** The body of an http(s) URL given to `-f`. */
  fetchUrl(url: string): Promise<string>;
  /** Lets the user edit a text in $EDITOR (or the host's editor) and answers the result. */
  edit(text: string, extension: string): Promise<string>;
  /** The HTTP exchange with a server. */
  transport(connection: Connection): CliTransport;
  /** Aborted when the user interrupts (Ctrl-C): ends watches. */
  readonly interrupt?: AbortSignal;
  /** Joins path segments the host's way. */
  join(dir: string, name: string): string;
  /** The client's version line data. */
  now(): number;
}
