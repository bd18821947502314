/**
 * The one table of what the product is made of. The runner starts from it (`all` = every module in
 * one process), and the Helm chart has a component per entry; a test keeps the two in step.
 */
export const MODULES = {
  gateway: {
    kind: 'edge',
    description: 'tRPC BFF for the web and driver apps; authenticates, authorises, serves the SPA',
    needs: ['identity', 'bookings', 'masters'],
    port: { env: 'PORT', default: 3000 },
  },
  identity: {
    kind: 'service',
    description: 'operators, users, phone-OTP sign-in, sessions, permissions, employees, masquerade',
    needs: [],
    grpcService: 'fleet.identity.v1.IdentityService',
    urlEnv: 'IDENTITY_URL',
    port: { env: 'GRPC_PORT', default: 50051 },
  },
  bookings: {
    kind: 'service',
    description: 'bookings (duties): the lists of every duty tab and the incoming and needs-attention counts',
    needs: [],
    grpcService: 'fleet.bookings.v1.BookingsService',
    urlEnv: 'BOOKINGS_URL',
    port: { env: 'GRPC_PORT', default: 50052 },
  },
  masters: {
    kind: 'service',
    description:
      'the masters: vehicles, drivers, customers, suppliers, duty types, pricing and rate cards, uploads',
    needs: [],
    grpcService: 'fleet.masters.v1.MastersService',
    urlEnv: 'MASTERS_URL',
    port: { env: 'GRPC_PORT', default: 50053 },
  },
} as const;

export type ModuleName = keyof typeof MODULES;
export const MODULE_NAMES = Object.keys(MODULES) as ModuleName[];
export type ServiceName = {
  [K in ModuleName]: (typeof MODULES)[K]['kind'] extends 'service' ? K : never;
}[ModuleName];
export const SERVICE_NAMES = MODULE_NAMES.filter(
  (name): name is ServiceName => MODULES[name].kind === 'service',
);
