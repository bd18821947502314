import type { DescService } from '@bufbuild/protobuf';
import type { Client } from '@connectrpc/connect';
import type { Database } from './db/database';
import type { EventBus } from './events/bus';
import type { Logger } from './logger';
import type { ServiceConnector } from './service-connector';
import type { ServiceModule } from './service-module';

/** The environment variables of the process, as read once at start. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * A secret for running without configuration, by the variable's name: generated per installation in
 * its data directory, which every process of that installation on the machine shares (the product's
 * secrets.ts; a distributed process listening beyond loopback refuses instead). Production never
 * asks: a service's settings refuse to start there without the variable.
 */
export type LocalSecret = (variable: string) => string;

/** What every service is created with, however it runs. */
export interface ServiceDeps {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** Clients of the services it `needs`. */
  connect: ServiceConnector;
}

/**
 * A service's row in the module table: everything the runners, the gateway, readiness and the
 * deployment need to know about it. Each service exports one from its `module.ts`.
 */
export interface ServiceDefinition<
  Name extends string = string,
  Service extends DescService = DescService,
  Settings = unknown,
  Module extends ServiceModule = ServiceModule,
> {
  readonly name: Name;
  /** One line: what it owns. */
  readonly description: string;
  /** The gRPC service it serves; its clients and its named health check come from this. */
  readonly grpcService: Service;
  /** Its gRPC port unless GRPC_PORT says otherwise. */
  readonly port: number;
  /** The variable other processes read to reach it, e.g. MASTERS_URL. */
  readonly urlEnv: string;
  /** The services it calls; they start before it. */
  readonly needs: readonly string[];
  /** The variables it reads from the operator's Secret, beyond DATABASE_URL and INTERNAL_AUTH_SECRET. */
  readonly secretEnv: readonly string[];
  /** Parses its own variables before anything is opened; throws ConfigError naming a bad one. */
  settings(env: Environment, localSecret: LocalSecret): Settings;
  create(deps: ServiceDeps, settings: Settings): Promise<Module>;
}

/** Any row of the table, whatever its settings (an object each service parses for itself) and module. */
export type AnyServiceDefinition = ServiceDefinition<string, DescService, object, ServiceModule>;

export type ModuleTable = readonly AnyServiceDefinition[];

/** `{ identity: Client<IdentityService>, … }` for the services of a table. */
export type ClientsOf<T extends ModuleTable> = {
  [D in T[number] as D['name']]: Client<D['grpcService']>;
};

/** `{ identity: IdentityModule, … }` for the services of a table. */
export type ModulesOf<T extends ModuleTable> = {
  [D in T[number] as D['name']]: Awaited<ReturnType<D['create']>>;
};

/** Settings a caller may put over what a table's services parse from the environment (tests do). */
export type SettingsOverrides<T extends ModuleTable> = {
  [D in T[number] as D['name']]?: Partial<ReturnType<D['settings']>>;
};

const NAME = /^[a-z][a-z0-9-]{1,13}$/;

/** How a service's own variables begin: `masters` → `MASTERS` (`MASTERS_URL`, `MASTERS_GRPC_PORT`). */
export const envPrefixOf = (name: string) => name.toUpperCase().replaceAll('-', '_');

/** The environment variable that holds a service's URL: `masters` → `MASTERS_URL`. */
export const urlEnvOf = (name: string) => `${envPrefixOf(name)}_URL`;

/**
 * Declares a service's row. The name becomes part of Kubernetes names (at most 63 characters with the release prefix), a schema prefix and a variable
 * prefix, so it is short lowercase; the URL variable follows from it.
 */
export function defineService<
  const Name extends string,
  Service extends DescService,
  Settings,
  Module extends ServiceModule,
>(
  definition: Omit<ServiceDefinition<Name, Service, Settings, Module>, 'urlEnv' | 'secretEnv'> & {
    secretEnv?: readonly string[];
  },
): ServiceDefinition<Name, Service, Settings, Module> {
  if (!NAME.test(definition.name)) {
    throw new Error(`A service name is 2-14 lowercase letters, digits or dashes: "${definition.name}"`);
  }
  return { ...definition, urlEnv: urlEnvOf(definition.name), secretEnv: definition.secretEnv ?? [] };
}

/** For services that read no variables of their own. */
export const noSettings = (): Record<string, never> => ({});

/**
 * The table in start order: every service after the services it needs. Refuses a need that names no
 * service of the table, a service listed twice, and a cycle, naming them.
 */
export function inStartOrder<T extends ModuleTable>(table: T): T[number][] {
  const byName = new Map<string, T[number]>();
  for (const definition of table) {
    if (byName.has(definition.name)) throw new Error(`The module table lists "${definition.name}" twice.`);
    byName.set(definition.name, definition);
  }
  const ordered: T[number][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (definition: T[number], path: string[]) => {
    if (state.get(definition.name) === 'done') return;
    if (state.get(definition.name) === 'visiting') {
      throw new Error(
        `The module table's needs go round in a circle: ${[...path, definition.name].join(' → ')}`,
      );
    }
    state.set(definition.name, 'visiting');
    for (const need of definition.needs) {
      const needed = byName.get(need);
      if (!needed) throw new Error(`"${definition.name}" needs "${need}", which is not in the module table.`);
      visit(needed, [...path, definition.name]);
    }
    state.set(definition.name, 'done');
    ordered.push(definition);
  };
  for (const definition of table) visit(definition, []);
  return ordered;
}
