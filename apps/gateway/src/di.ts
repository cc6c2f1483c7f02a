// Typed container bindings: a token carries the type of its service, and a binding's
// dependency list is checked by the compiler against the factory's parameters (cal.com's
// depsMap idea), so a wrong or misordered dependency is a type error, not a runtime surprise.
import type { Container } from 'inversify';

declare const service: unique symbol;

/**
 * A service identifier that remembers the type of what it names. At run time a symbol; to the
 * compiler also an abstract constructor of T, so `container.get(token)` infers T.
 */
export type Token<T> = symbol & { readonly [service]?: T } & (abstract new (...args: never[]) => T);

/** A token named `tend.<name>`. */
export const token = <T>(name: string): Token<T> => Symbol.for(`tend.${name}`) as Token<T>;

/** The tokens of a factory's parameters, in order. */
export type TokensOf<A extends unknown[]> = { [K in keyof A]: Token<A[K]> };

/** Binds `id` to what `factory` makes of the services named by `deps` (a singleton). */
export function bindFactory<T, A extends unknown[]>(c: Container, id: Token<T>, deps: readonly [...TokensOf<A>], factory: (...args: A) => T): void {
  c.bind<T>(id).toResolvedValue((...args: unknown[]) => factory(...(args as A)), deps as unknown as symbol[]);
}

/** Binds `id` to a value made once, here. */
export function bindValue<T>(c: Container, id: Token<T>, value: T): void {
  c.bind<T>(id).toConstantValue(value);
}
