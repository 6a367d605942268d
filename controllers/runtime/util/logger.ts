/** Where the runtime reports what it cannot throw (a failed reconcile, a rejected event). */
export interface Logger {
  info(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

export const consoleLogger: Logger = {
  info: () => undefined,
  error: (message, detail) => console.error(`orch-controllers: ${message}`, detail ?? ''),
};
