import { plainText } from '@fleet/domain';
import { z } from 'zod';

/** A driver's app account (spec §3 DriverV2), as identity keeps it. */
export interface DriverAccountRecord {
  tenantId: string;
  driverId: string;
  userId: string | null;
  name: string;
  phone: string;
  isActive: boolean;
  phoneTaken: boolean;
  verificationStatus: 'UNREGISTRED' | 'REGISTERED';
  registeredAt: Date | null;
  pushToken: string | null;
  appVersion: string;
  deviceModel: string;
  deviceOs: string;
  lastSeenAt: Date | null;
  driverUpdatedAt: Date;
}

/** Where the driver app runs and where pushes reach it, as the app reports it. */
export const driverDeviceSchema = z.object({
  // Firebase registration tokens are printable ASCII without spaces; empty forgets the one held.
  pushToken: z
    .string()
    .max(4096, 'A push token can be at most 4096 characters')
    .regex(/^[\x21-\x7e]*$/, 'A push token is printable characters without spaces'),
  appVersion: plainText().trim().max(40, 'An app version can be at most 40 characters'),
  deviceModel: plainText().trim().max(100, 'A device model can be at most 100 characters'),
  deviceOs: plainText().trim().max(60, 'An operating system can be at most 60 characters'),
});
export type DriverDevice = z.infer<typeof driverDeviceSchema>;
