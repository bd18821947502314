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

export interface MasqueradeAuditRecord {
  id: string;
  action: 'START' | 'STOP';
  actorUserId: string;
  actorName: string;
  targetUserId: string;
  targetName: string;
  ip: string | null;
  userAgent: string | null;
  at: Date;
}
