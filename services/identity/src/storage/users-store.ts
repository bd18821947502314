import { randomUUID } from 'node:crypto';
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';
import type { Role, TenantRecord, UserRecord } from '../domain/records';
import type { UserFields } from '../domain/user-fields';

export const USER_COLUMNS = sql.raw(`
  u.id, u.tenant_id as "tenantId", u.role, u.access_level as "accessLevel", u.is_owner as "isOwner", u.name,
  u.email, u.phone, u.is_active as "isActive", u.head_office_city_id as "headOfficeCityId", u.state_id as "stateId",
  u.pan_no as "panNo", u.gst_no as "gstNo", u.lut_no as "lutNo", u.vat_no as "vatNo", u.sez_gst_no as "sezGstNo",
  u.gst_type as "gstType", u.is_trip_start_otp_required as "isTripStartOtpRequired",
  u.is_trip_end_otp_required as "isTripEndOtpRequired", u.is_booking_api_only as "isBookingApiOnly",
  u.auto_send_passenger_sms as "autoSendPassengerSms", u.auto_send_passenger_email as "autoSendPassengerEmail",
  u.created_at as "createdAt", u.updated_at as "updatedAt"`);

export async function findUserByPhone(tx: Tx, phone: string): Promise<UserRecord | undefined> {
  const [user] = await rows<UserRecord>(
    tx,
    sql`select ${USER_COLUMNS} from identity.users u where u.phone = ${phone}`,
  );
  return user;
}

export async function getUser(tx: Tx, id: string): Promise<UserRecord | undefined> {
  const [user] = await rows<UserRecord>(
    tx,
    sql`select ${USER_COLUMNS} from identity.users u where u.id = ${id}`,
  );
  return user;
}

export async function getTenant(tx: Tx, id: string): Promise<TenantRecord | undefined> {
  const [tenant] = await rows<TenantRecord>(
    tx,
    sql`select id, name, time_zone as "timeZone", created_at as "createdAt" from identity.tenants where id = ${id}`,
  );
  return tenant;
}

export async function insertTenant(tx: Tx, name: string): Promise<TenantRecord> {
  const [tenant] = await rows<TenantRecord>(
    tx,
    sql`insert into identity.tenants (id, name) values (${randomUUID()}, ${name})
        returning id, name, time_zone as "timeZone", created_at as "createdAt"`,
  );
  return tenant!;
}

export async function insertUser(
  tx: Tx,
  tenantId: string,
  role: Role,
  fields: UserFields,
  options: { isOwner?: boolean } = {},
): Promise<UserRecord> {
  const id = randomUUID();
  await tx.execute(sql`
    insert into identity.users (
      id, tenant_id, role, is_owner, access_level, name, email, phone, head_office_city_id, state_id, pan_no, gst_no,
      lut_no, vat_no, sez_gst_no, gst_type, is_trip_start_otp_required, is_trip_end_otp_required,
      is_booking_api_only, auto_send_passenger_sms, auto_send_passenger_email)
    values (
      ${id}, ${tenantId}, ${role}, ${options.isOwner ?? false}, ${fields.accessLevel}, ${fields.name}, ${fields.email},
      ${fields.phone}, ${fields.headOfficeCityId}, ${fields.stateId}, ${fields.panNo}, ${fields.gstNo}, ${fields.lutNo},
      ${fields.vatNo}, ${fields.sezGstNo}, ${fields.gstType}, ${fields.isTripStartOtpRequired},
      ${fields.isTripEndOtpRequired}, ${fields.isBookingApiOnly}, ${fields.autoSendPassengerSms},
      ${fields.autoSendPassengerEmail})`);
  return (await getUser(tx, id))!;
}

export async function updateUser(tx: Tx, id: string, fields: UserFields): Promise<UserRecord> {
  await tx.execute(sql`
    update identity.users set
      access_level = ${fields.accessLevel}, name = ${fields.name}, email = ${fields.email}, phone = ${fields.phone},
      head_office_city_id = ${fields.headOfficeCityId}, state_id = ${fields.stateId}, pan_no = ${fields.panNo},
      gst_no = ${fields.gstNo}, lut_no = ${fields.lutNo}, vat_no = ${fields.vatNo}, sez_gst_no = ${fields.sezGstNo},
      gst_type = ${fields.gstType}, is_trip_start_otp_required = ${fields.isTripStartOtpRequired},
      is_trip_end_otp_required = ${fields.isTripEndOtpRequired}, is_booking_api_only = ${fields.isBookingApiOnly},
      auto_send_passenger_sms = ${fields.autoSendPassengerSms},
      auto_send_passenger_email = ${fields.autoSendPassengerEmail}, updated_at = now()
    where id = ${id}`);
  return (await getUser(tx, id))!;
}

export async function setUserActive(tx: Tx, id: string, isActive: boolean): Promise<void> {
  await tx.execute(
    sql`update identity.users set is_active = ${isActive}, updated_at = now() where id = ${id}`,
  );
}

/** People's names by id: only the operator's under its row-level security, active or not. */
export function listUserNames(
  tx: Tx,
  ids: readonly string[],
): Promise<{ userId: string; name: string; isActive: boolean }[]> {
  return rows(
    tx,
    sql`select u.id as "userId", u.name, u.is_active as "isActive" from identity.users u
        where u.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid) order by u.id`,
  );
}
