import { optionalText, permissionIdSchema } from '@fleet/domain/inputs';
import { z } from 'zod';

/** What a permission profile is made of; identity closes the permissions under their dependencies. */
export const permissionProfileFields = {
  name: z.string().trim().min(1, 'Enter a name').max(100, 'Keep the name to 100 characters or fewer'),
  description: optionalText(500),
  permissions: z.array(permissionIdSchema).max(1000),
};
