import type { EmployeeFields, UserFields } from './user-fields';

export type Role = 'USER' | 'EMPLOYEE' | 'DRIVER';

export interface UserRecord extends UserFields {
  id: string;
  tenantId: string;
  role: Role;
  isOwner: boolean;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface TenantRecord {
  id: string;
  name: string;
  timeZone: string;
  createdAt: Date;
}

export interface ProfileRecord {
  id: string;
  tenantId: string;
  name: string;
  description: string;
  permissions: string[];
  isActive: boolean;
  employeeCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface EmployeeRecord {
  user: UserRecord;
  fields: EmployeeFields;
  profileName: string | null;
  profile: { permissions: string[]; isActive: boolean } | undefined;
}

export interface SessionRecord {
  id: string;
  tenantId: string;
  userId: string;
  actorUserId: string;
  parentSessionId: string | null;
  expiresAt: Date;
  revokedAt: Date | null;
}

export const AUDIT_ACTIONS = [
  'MASQUERADE_START',
  'MASQUERADE_STOP',
  'PHONE_CHANGE',
  'ACCESS_CHANGE',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One field of the person an entry is about, before and after (see audit.proto's AuditChange). */
export interface AuditChange {
  field: 'phone' | 'permissionProfile' | 'grantedPermissions';
  before: string[];
  after: string[];
}

export interface AuditEntryRecord {
  id: string;
  action: AuditAction;
  /** The person really acting. */
  actorUserId: string;
  actorName: string;
  /** Whom the actor was acting as, while masquerading. */
  asUserId: string | null;
  asName: string | null;
  /** Whom the entry is about. */
  subjectUserId: string;
  subjectName: string;
  changes: AuditChange[];
  ip: string | null;
  userAgent: string | null;
  at: Date;
}
