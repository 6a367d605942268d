import type { Environment } from '@marcbachmann/cel-js';

/**
 * cel-js has no qualified function names; `sets.contains(a, b)` is a method call on a constant
 * named `sets`. Each namespace is a constant of its own type.
 */
export function registerNamespace(env: Environment, name: string, typeName: string): void {
  const ctor = { [typeName]: class {} }[typeName];
  env.registerType(typeName, ctor);
  env.registerConstant(name, typeName, new ctor());
}
