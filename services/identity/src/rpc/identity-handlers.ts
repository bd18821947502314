import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter } from '@connectrpc/connect';
import { allPermissionIds, getPermission } from '@fleet/domain';
import { activeFilterFromProto, callerOf, pageInfoToProto, pageRequestFromProto } from '@fleet/platform';
import { IdentityService } from '@fleet/proto/fleet/identity/v1/identity_service_pb';
import {
  accessToProto,
  asCommonActiveFilter,
  auditEntryToProto,
  driverAccountToProto,
  employeeFieldsFromProto,
  employeeToProto,
  profileToProto,
  roleToProto,
  signInAppFromProto,
  tenantToProto,
  userFieldsFromProto,
  userToProto,
} from '../mappers';
import type { IdentityUseCases } from '../use-cases';
import { MASQUERADE_ACTIONS } from '../use-cases/audit';

/** Thin gRPC handlers: proto in, use case, proto out. */
export function identityRoutes(useCases: IdentityUseCases) {
  const {
    signIn,
    sessions,
    me,
    phoneChange,
    masquerade,
    audit,
    employees,
    profiles,
    userNames,
    driverAccounts,
  } = useCases;
  return (router: ConnectRouter) =>
    router.service(IdentityService, {
      async requestOtp(req, ctx) {
        return signIn.requestOtp(callerOf(ctx), { phone: req.phone, app: signInAppFromProto(req.app) });
      },
      async verifyOtp(req, ctx) {
        const result = await signIn.verifyOtp(callerOf(ctx), { ...req, app: signInAppFromProto(req.app) });
        return {
          token: result.token,
          expiresAt: timestampFromDate(result.expiresAt),
          signedUp: result.signedUp,
          user: userToProto(result.user),
        };
      },
      async authenticate(req) {
        const auth = await sessions.authenticate(req.token);
        return {
          sessionId: auth.session.id,
          tenantId: auth.user.tenantId,
          userId: auth.user.id,
          actorUserId: auth.actor.id,
          role: roleToProto(auth.user.role),
          accessLevel: accessToProto(auth.user.accessLevel),
          permissions: auth.permissions,
          isMasquerade: auth.isMasquerade,
          expiresAt: timestampFromDate(new Date(auth.session.expiresAt)),
          driverId: auth.driverId ?? '',
          branchIds: auth.branchIds,
        };
      },
      async logout(_req, ctx) {
        await sessions.logout(callerOf(ctx));
        return {};
      },
      async getMe(_req, ctx) {
        const result = await me.get(callerOf(ctx));
        return {
          user: userToProto(result.user),
          tenant: tenantToProto(result.tenant),
          permissions: result.permissions,
          isMasquerade: result.isMasquerade,
          actor: result.actor ? userToProto(result.actor) : undefined,
        };
      },
      async updateMe(req, ctx) {
        return { user: userToProto(await me.update(callerOf(ctx), userFieldsFromProto(req.fields))) };
      },
      async requestPhoneChange(req, ctx) {
        return phoneChange.request(callerOf(ctx), { phone: req.phone });
      },
      async confirmPhoneChange(req, ctx) {
        return { user: userToProto(await phoneChange.confirm(callerOf(ctx), req)) };
      },
      async listPermissionCatalogue() {
        return {
          permissions: allPermissionIds().map((id) => {
            const p = getPermission(id)!;
            return {
              readableId: p.readableId,
              model: p.model,
              name: p.name,
              description: p.description,
              requires: [...p.requires],
            };
          }),
        };
      },
      async startMasquerade(req, ctx) {
        const result = await masquerade.start(callerOf(ctx), {
          userId: req.userId,
          userAgent: req.userAgent,
        });
        return {
          token: result.token,
          expiresAt: timestampFromDate(result.expiresAt),
          user: userToProto(result.user),
        };
      },
      async stopMasquerade(req, ctx) {
        const result = await masquerade.stop(callerOf(ctx), { userAgent: req.userAgent });
        return {
          token: result.token,
          expiresAt: timestampFromDate(result.expiresAt),
          user: userToProto(result.user),
        };
      },
      async listMasqueradeAudit(req, ctx) {
        const page = await audit.list(callerOf(ctx), {
          ...pageRequestFromProto(req.page),
          actions: MASQUERADE_ACTIONS,
        });
        return {
          entries: page.items.map((e) => ({
            id: e.id,
            action: e.action === 'MASQUERADE_START' ? 'START' : 'STOP',
            actorUserId: e.actorUserId,
            actorName: e.actorName,
            targetUserId: e.subjectUserId,
            targetName: e.subjectName,
            ip: e.ip ?? '',
            userAgent: e.userAgent ?? '',
            at: timestampFromDate(new Date(e.at)),
          })),
          pageInfo: pageInfoToProto(page),
        };
      },
      async listAuditLog(req, ctx) {
        const page = await audit.list(callerOf(ctx), pageRequestFromProto(req.page));
        return { entries: page.items.map(auditEntryToProto), pageInfo: pageInfoToProto(page) };
      },
      async listEmployees(req, ctx) {
        const page = await employees.list(callerOf(ctx), {
          search: req.search,
          active: activeFilterFromProto(asCommonActiveFilter(req.active)),
          permissionProfileIds: req.permissionProfileIds,
          ...pageRequestFromProto(req.page),
        });
        return { employees: page.items.map(employeeToProto), pageInfo: pageInfoToProto(page) };
      },
      async listUserNames(req, ctx) {
        return { users: await userNames.list(callerOf(ctx), req.userIds) };
      },
      async getEmployee(req, ctx) {
        return { employee: employeeToProto(await employees.get(callerOf(ctx), req.userId)) };
      },
      async createEmployee(req, ctx) {
        const employee = await employees.create(callerOf(ctx), {
          user: userFieldsFromProto(req.user),
          fields: employeeFieldsFromProto(req.fields),
        });
        return { employee: employeeToProto(employee) };
      },
      async updateEmployee(req, ctx) {
        const employee = await employees.update(callerOf(ctx), req.userId, {
          user: userFieldsFromProto(req.user),
          fields: employeeFieldsFromProto(req.fields),
          userAgent: req.userAgent,
        });
        return { employee: employeeToProto(employee) };
      },
      async setEmployeeActive(req, ctx) {
        return {
          employee: employeeToProto(await employees.setActive(callerOf(ctx), req.userId, req.isActive)),
        };
      },
      async listPermissionProfiles(req, ctx) {
        const page = await profiles.list(callerOf(ctx), {
          search: req.search,
          active: activeFilterFromProto(asCommonActiveFilter(req.active)),
          ...pageRequestFromProto(req.page),
        });
        return { profiles: page.items.map(profileToProto), pageInfo: pageInfoToProto(page) };
      },
      async getPermissionProfile(req, ctx) {
        return { profile: profileToProto(await profiles.get(callerOf(ctx), req.id)) };
      },
      async createPermissionProfile(req, ctx) {
        return { profile: profileToProto(await profiles.create(callerOf(ctx), req)) };
      },
      async updatePermissionProfile(req, ctx) {
        return { profile: profileToProto(await profiles.update(callerOf(ctx), req.id, req)) };
      },
      async setPermissionProfileActive(req, ctx) {
        return { profile: profileToProto(await profiles.setActive(callerOf(ctx), req.id, req.isActive)) };
      },
      async registerDriverDevice(req, ctx) {
        return { account: driverAccountToProto(await driverAccounts.registerDevice(callerOf(ctx), req)) };
      },
      async listDriverAccounts(req, ctx) {
        const accounts = await driverAccounts.list(callerOf(ctx), req.driverIds);
        return { accounts: accounts.map(driverAccountToProto) };
      },
      async signOutDriver(req, ctx) {
        await driverAccounts.signOut(callerOf(ctx), req.driverId);
        return {};
      },
    });
}
